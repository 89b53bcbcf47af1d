import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_STANDING, rateInOrder, type RatedDebate } from '../../src/ranking/debate-rating.js';
import { ENGINES, useTestStorage } from '../support/engines.js';

/** Debates among five members: 1:1 or 3:3, any result, result times that may tie. */
const debates = fc
  .array(
    fc.record({
      at: fc.integer({ min: 0, max: 20 }),
      players: fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7], { minLength: 6, maxLength: 6 }),
      team: fc.boolean(),
      winner: fc.constantFrom('PRO', 'CON', 'DRAW'),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((list) =>
    list.map(({ at, players, team, winner }, i): RatedDebate => {
      const size = team ? 3 : 1;
      return {
        roomId: `room-${String(i).padStart(2, '0')}`,
        at,
        debaters: players.slice(0, size * 2).map((userId, j) => {
          const side = j < size ? ('PRO' as const) : ('CON' as const);
          return { userId, side, outcome: winner === 'DRAW' ? 'draw' : winner === side ? 'win' : 'loss' };
        }),
      };
    }),
  );

describe.each(ENGINES)('the rating store on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('stores what rating every debate in result order gives, whatever order the results arrive in', async () => {
    await fc.assert(
      fc.asyncProperty(
        debates.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))),
        async ([list, arrival]) => {
          const db = storage();
          await db.transaction((tx) => tx.ratings.replaceAll([], 0));
          for (const debate of arrival) await db.transaction((tx) => tx.ratings.recordRatedDebate(debate, debate.at));
          const expected = rateInOrder(list, () => INITIAL_STANDING);
          expect(await db.ratings.allStandings()).toEqual(expected.standings);
          for (const change of expected.changes) {
            const row = (await db.ratings.roomChanges(change.roomId)).find((r) => r.userId === change.userId)!;
            expect([row.ratingBefore, row.rating, row.deviation, row.games]).toEqual([
              change.ratingBefore,
              change.after.rating,
              change.after.deviation,
              change.after.games,
            ]);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('answers a debate’s own changes, one per debater', async () => {
    const db = storage();
    const debate: RatedDebate = {
      roomId: 'one',
      at: 5,
      debaters: [
        { userId: 1, side: 'PRO', outcome: 'loss' },
        { userId: 2, side: 'CON', outcome: 'win' },
      ],
    };
    const changes = await db.transaction((tx) => tx.ratings.recordRatedDebate(debate, 5));
    expect(changes.map((c) => [c.userId, c.after.rating > c.ratingBefore])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await db.ratings.roomChanges('one')).toHaveLength(2);
  });
});
