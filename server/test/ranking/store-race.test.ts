/**
 * Ratings under concurrent results (both engines): debates with debaters in common ending at once,
 * each in its own transaction, leave exactly the ratings that rating them in order gives.
 */
import { describe, expect, it } from 'vitest';
import { INITIAL_STANDING, rateInOrder, type RatedDebate } from '../../src/ranking/debate-rating.js';
import { ENGINES, useTestStorage } from '../support/engines.js';

const debate = (i: number, at: number, pro: number[], con: number[]): RatedDebate => ({
  roomId: `race-${String(i).padStart(2, '0')}`,
  at,
  debaters: [
    ...pro.map((userId) => ({ userId, side: 'PRO' as const, outcome: 'win' as const })),
    ...con.map((userId) => ({ userId, side: 'CON' as const, outcome: 'loss' as const })),
  ],
});

describe.each(ENGINES)('ratings on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('race: twelve debates sharing debaters, results committed at once, rate as if one after another', async () => {
    // Results arrive in any order (some late), all at once; every debate shares debater 1.
    const debates = Array.from({ length: 12 }, (_, i) =>
      debate(i, (i * 7) % 12, [1, 2 + (i % 3)], [5 + (i % 4), 9 + (i % 2)]),
    );
    await Promise.all(debates.map((d) => storage().transaction((tx) => tx.ratings.recordRatedDebate(d, d.at))));
    const expected = rateInOrder(debates, () => INITIAL_STANDING);
    expect(await storage().ratings.allStandings()).toEqual(expected.standings);
    expect((await storage().ratings.standingsOf([1])).get(1)!.games).toBe(12);
  });
});
