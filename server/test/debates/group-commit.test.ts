/**
 * A room's commands that arrive while its commit is on its way are decided in arrival order and
 * committed together: each caller still gets its own events or refusal, the log holds them in
 * that order, and the room's listeners hear them as one batch (at most 64 commands each).
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CommittedBatch } from '../../src/debates/actor.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';
import { defaultRoomLimits, member, SETTINGS } from './room-log.js';

const ROOM = '9c0e0000-0000-4000-8000-000000000001';

describe.each(ENGINES)('group commit on %s', (engine) => {
  const storage = useTestStorage(engine);

  async function openRoom() {
    const [creator] = await insertMembers(storage(), 1);
    const directory = new RoomDirectory({
      storage: storage(),
      logger: pino({ level: 'silent' }),
      now: Date.now,
      nodeId: 'test',
      limits: defaultRoomLimits(),
    });
    const batches: CommittedBatch[] = [];
    directory.onCommitted((batch) => batches.push(batch));
    const opened = await directory.open({
      type: 'openRoom',
      roomId: ROOM,
      settings: { ...SETTINGS, creatorId: creator!.id },
    });
    expect(opened.rejection).toBeUndefined();
    return { directory, batches, actor: directory.live(ROOM)! };
  }

  it('commits a burst in one transaction, answering each command with its own events or refusal', async () => {
    const { directory, batches, actor } = await openRoom();
    const ids = Array.from({ length: 20 }, (_, i) => 100 + i);
    // The same observer twice: the second join of 105 is refused, the others are unaffected.
    const commands = [...ids.slice(0, 6), 105, ...ids.slice(6)].map((id) =>
      actor.dispatch({ type: 'joinAsObserver', actor: member(id) }),
    );
    const executions = await Promise.all(commands);
    executions.forEach((execution, i) => {
      if (i === 6) {
        expect(execution.rejection).toBeDefined();
        expect(execution.events).toEqual([]);
      } else {
        expect(execution.rejection).toBeUndefined();
        expect(execution.events).toEqual([
          expect.objectContaining({ type: 'ObserverJoined', userId: ids[i > 6 ? i - 1 : i] }),
        ]);
      }
    });
    expect(batches).toHaveLength(2);
    const burst = batches[1]!;
    expect(burst.events.map((e) => (e as { userId: number }).userId)).toEqual(ids);
    expect(burst.state).toBe(actor.state);
    const log = await storage().roomEvents.load(ROOM);
    expect(log.slice(-20)).toEqual(burst.events);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    await directory.stop();
  });

  it('takes at most 64 commands into one transaction; the rest follow in the next', async () => {
    const { directory, batches, actor } = await openRoom();
    const ids = Array.from({ length: 70 }, (_, i) => 200 + i);
    await Promise.all(ids.map((id) => actor.dispatch({ type: 'joinAsObserver', actor: member(id) })));
    expect(batches.slice(1).map((b) => b.events.length)).toEqual([64, 6]);
    const joined = (await storage().roomEvents.load(ROOM)).filter((e) => e.type === 'ObserverJoined');
    expect(joined.map((e) => (e as { userId: number }).userId)).toEqual(ids);
    await directory.stop();
  });
});
