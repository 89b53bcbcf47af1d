/**
 * The swing store's contract on both engines: a debate's swings recorded once (a repeat, also a
 * concurrent one, changes nothing), summaries per member, and the most persuasive first.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestStorage } from '../support/engines.js';

describe.each(ENGINES)('the swing store on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('records a debate once and sums each member over their debates', async () => {
    const db = storage();
    await db.transaction((tx) =>
      tx.swings.record('room-1', 10, [
        { userId: 1, side: 'PRO', swing: 30 },
        { userId: 2, side: 'CON', swing: -10 },
      ]),
    );
    await db.transaction((tx) => tx.swings.record('room-1', 10, [{ userId: 1, side: 'PRO', swing: 99 }]));
    await db.swings.record('room-2', 20, [{ userId: 1, side: 'CON', swing: 5 }]);
    const summaries = await db.swings.summaries([1, 2, 3]);
    expect([...summaries.values()].sort((a, b) => a.userId - b.userId)).toEqual([
      { userId: 1, average: 17.5, debates: 2 },
      { userId: 2, average: -10, debates: 1 },
    ]);
    expect(await db.swings.summaries([])).toEqual(new Map());
  });

  it('orders the most persuasive by average, then more debates, then user id, a page at a time', async () => {
    const db = storage();
    await db.swings.record('a', 1, [
      { userId: 4, side: 'PRO', swing: 10 },
      { userId: 3, side: 'CON', swing: 10 },
    ]);
    await db.swings.record('b', 2, [
      { userId: 4, side: 'PRO', swing: 10 },
      { userId: 5, side: 'CON', swing: 20 },
    ]);
    await db.swings.record('c', 3, [{ userId: 6, side: 'PRO', swing: 10 }]);
    const order = async (offset: number, limit: number) =>
      (await db.swings.mostPersuasive(offset, limit)).map((s) => s.userId);
    expect(await order(0, 10)).toEqual([5, 4, 3, 6]);
    expect(await order(1, 2)).toEqual([4, 3]);
  });

  it('race: the same debate recorded by concurrent transactions is stored once', async () => {
    const db = storage();
    const swings = [
      { userId: 7, side: 'PRO' as const, swing: 12 },
      { userId: 8, side: 'CON' as const, swing: -12 },
    ];
    await Promise.all(Array.from({ length: 8 }, () => db.transaction((tx) => tx.swings.record('same', 1, swings))));
    expect((await db.swings.summaries([7, 8])).get(7)).toEqual({ userId: 7, average: 12, debates: 1 });
  });
});
