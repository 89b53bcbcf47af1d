/**
 * The room sequencer delivers every seq once and in order whatever pub/sub does: batches lost,
 * repeated, reordered (two publishers around an owner change), offered while a fill is running,
 * and fills that fail now and then.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RoomSequencer } from '../../src/debates/live/room-sequencer.js';

interface Ev {
  readonly seq: number;
}

/** A log of `n` events cut into batches of the given sizes. */
function batchesOf(n: number, cuts: readonly number[]): Ev[][] {
  const batches: Ev[][] = [];
  let seq = 1;
  for (const size of cuts) {
    if (seq > n) break;
    const batch: Ev[] = [];
    for (let i = 0; i < size && seq <= n; i++) batch.push({ seq: seq++ });
    batches.push(batch);
  }
  if (seq <= n) batches.push(Array.from({ length: n - seq + 1 }, (_, i) => ({ seq: seq + i })));
  return batches;
}

const pause = (turns: number) => new Promise<void>((resolve) => setTimeout(resolve, turns));

describe('room sequencer', () => {
  it('delivers each seq once, in order, from the first asked, whatever arrives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('lose', 'repeat', 'swap', 'keep')), { maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.boolean(), { maxLength: 20 }),
        async (n, cuts, mishaps, from, failures) => {
          const log = Array.from({ length: n }, (_, i) => ({ seq: i + 1 }));
          const arrivals = batchesOf(n, cuts);
          for (const [at, what] of mishaps) {
            const i = at % arrivals.length;
            if (what === 'lose') arrivals.splice(i, 1);
            else if (what === 'repeat') arrivals.splice(i, 0, arrivals[i]!);
            else if (what === 'swap' && i + 1 < arrivals.length)
              [arrivals[i], arrivals[i + 1]] = [arrivals[i + 1]!, arrivals[i]!];
            if (arrivals.length === 0) break;
          }
          const failing = [...failures];
          const delivered: number[] = [];
          const sequencer = new RoomSequencer<Ev>(
            from,
            async (fromSeq) => {
              await pause(failing.length % 3);
              if (failing.shift()) throw new Error('log unreachable');
              return log.filter((e) => e.seq >= fromSeq);
            },
            (run) => delivered.push(...run.map((e) => e.seq)),
          );
          // Offered without waiting, as pub/sub hands them over; some fills fail on the way.
          const offers = await Promise.allSettled(arrivals.map((batch) => sequencer.offer(batch)));
          // Without a failed fill, everything up to the newest seq that arrived is delivered already (a fill reads on).
          const newest = Math.max(0, ...arrivals.flat().map((e) => e.seq));
          if (offers.every((o) => o.status === 'fulfilled'))
            expect(sequencer.expected).toBeGreaterThanOrEqual(Math.max(from, newest + 1));
          for (let tries = 0; tries <= failures.length && sequencer.expected <= n; tries++)
            await sequencer.catchUp().catch(() => undefined);
          const expected = Array.from({ length: Math.max(0, n - from + 1) }, (_, i) => from + i);
          expect(delivered).toEqual(expected);
          expect(sequencer.expected).toBe(Math.max(from, n + 1));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads the log only for a gap: batches in order cost no read', async () => {
    let reads = 0;
    const delivered: number[] = [];
    const sequencer = new RoomSequencer<Ev>(
      1,
      async () => {
        reads++;
        return [{ seq: 3 }, { seq: 4 }];
      },
      (run) => delivered.push(...run.map((e) => e.seq)),
    );
    await sequencer.offer([{ seq: 1 }, { seq: 2 }]);
    await sequencer.offer([{ seq: 2 }]);
    expect(reads).toBe(0);
    await sequencer.offer([{ seq: 5 }]);
    expect(reads).toBe(1);
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
  });
});
