/**
 * A followed room's state is exactly its replayed log: random rooms (every phase and ending), their
 * logs cut into random batches that pub/sub loses, repeats and reorders, followed from a random
 * point by a relay that fills gaps from the log; each run the relay delivers is folded onto the
 * state, and the state always equals the replay of the log up to the last seq delivered.
 */
import fc from 'fast-check';
import { replay, type RoomEvent } from '@toron/engine';
import { describe, expect, it } from 'vitest';
import { FollowedRoom } from '../../src/debates/known-states.js';
import { RoomSequencer } from '../../src/debates/live/room-sequencer.js';
import { logOf, room } from '../../../engine/test/support/random-rooms.js';

/** The log cut into batches of the given sizes (the rest in one). */
function batchesOf(log: readonly RoomEvent[], cuts: readonly number[]): RoomEvent[][] {
  const batches: RoomEvent[][] = [];
  let at = 0;
  for (const size of cuts) {
    if (at >= log.length) break;
    batches.push(log.slice(at, at + size));
    at += size;
  }
  if (at < log.length) batches.push(log.slice(at));
  return batches;
}

describe('a followed room', () => {
  it('folds the relayed batches into exactly the replayed state', async () => {
    await fc.assert(
      fc.asyncProperty(
        room,
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 80 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('lose', 'repeat', 'swap')), { maxLength: 20 }),
        fc.nat(),
        async (r, cuts, mishaps, start) => {
          const log = logOf(r);
          const followedAt = start % (log.length + 1);
          const followed = new FollowedRoom(replay(log.slice(0, followedAt)));
          const arrivals = batchesOf(log, cuts);
          for (const [at, what] of mishaps) {
            if (arrivals.length === 0) break;
            const i = at % arrivals.length;
            if (what === 'lose') arrivals.splice(i, 1);
            else if (what === 'repeat') arrivals.splice(i, 0, arrivals[i]!);
            else if (i + 1 < arrivals.length) [arrivals[i], arrivals[i + 1]] = [arrivals[i + 1]!, arrivals[i]!];
          }
          const sequencer = new RoomSequencer<RoomEvent>(
            followed.state.lastSeq + 1,
            async (fromSeq) => log.filter((e) => e.seq >= fromSeq),
            (run) => {
              followed.advance(run);
              expect(followed.state).toEqual(replay(log.slice(0, run.at(-1)!.seq)));
            },
          );
          for (const batch of arrivals) await sequencer.offer(batch);
          // The periodic check reads what the bus lost at the end.
          await sequencer.catchUp();
          expect(followed.state).toEqual(replay(log));
        },
      ),
      { numRuns: 150 },
    );
  });
});
