/**
 * Replay pages shared by subscribers who start together: asks for the same page within one turn
 * of the event loop cost one read of the log, and an ask that comes once that read is on its way
 * reads again, so it sees what was appended in between.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { RoomEventStore } from '../../src/debates/store.js';
import { replayPages } from '../../src/debates/live/replay-pages.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';
import { member, playRoom } from './room-log.js';

describe.each(ENGINES)('replay pages on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('reads a page once for every subscriber who asks in the same turn, and again for one who asks later', async () => {
    const [observer] = await insertMembers(storage(), 1);
    const room = playRoom([
      { type: 'joinAsObserver', actor: member(observer!.id) },
      { type: 'observerChat', actor: member(observer!.id), text: '첫 줄' },
      { type: 'observerChat', actor: member(observer!.id), text: '둘째 줄' },
    ]);
    const [first, ...rest] = room.batches;
    await storage().roomEvents.append(room.roomId, first!.events, null);
    const reads: number[] = [];
    const events = storage().roomEvents;
    const counted: RoomEventStore = {
      ...events,
      loadPage: (roomId, fromSeq, limit, beforeSeq) => {
        reads.push(fromSeq);
        return events.loadPage(roomId, fromSeq, limit, beforeSeq);
      },
    };
    const page = replayPages(counted, 2);
    const seqs = (p: Awaited<ReturnType<typeof page>>) => p.frames.map((f) => f.seq);

    const together = await Promise.all(Array.from({ length: 10 }, () => page(room.roomId, 1, undefined)));
    expect(reads).toEqual([1]);
    for (const p of together) expect(p).toBe(together[0]);
    expect(seqs(together[0]!)).toEqual([1]);
    expect(together[0]!.full).toBe(false);

    // Asked, then the read goes out; events appended after that reach only a later ask.
    const early = page(room.roomId, 1, undefined);
    await nextTurn();
    for (const b of rest) await storage().roomEvents.append(room.roomId, b.events, null);
    const late = await page(room.roomId, 1, undefined);
    await early;
    expect(seqs(late)).toEqual([1, 2]);
    expect(late.full).toBe(true);
    expect(seqs(await page(room.roomId, 3, undefined))).toEqual([3, 4]);
    expect(reads).toEqual([1, 1, 1, 3]);
  });
});
