import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { INITIAL_STANDING, rateInOrder, type RatedDebate } from '../../src/ranking/debate-rating.js';
import { allStandings, recordRatedDebate, replaceAllRatings, roomRatingChanges } from '../../src/ranking/store.js';

const dir = mkdtempSync(path.join(tmpdir(), 'toron-ratings-'));
const database = openDatabase(path.join(dir, 'toron.db'));
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

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

describe('the rating store', () => {
  it('stores what rating every debate in result order gives, whatever order the results arrive in', () => {
    fc.assert(
      fc.property(
        debates.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))),
        ([list, arrival]) => {
          const { db } = database;
          db.transaction((tx) => replaceAllRatings(tx, [], 0));
          for (const debate of arrival) db.transaction((tx) => recordRatedDebate(tx, debate, debate.at));
          const expected = rateInOrder(list, () => INITIAL_STANDING);
          expect(allStandings(db)).toEqual(expected.standings);
          for (const change of expected.changes) {
            const row = roomRatingChanges(db, change.roomId).find((r) => r.userId === change.userId)!;
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
  });

  it('answers a debate’s own changes, one per debater', () => {
    const { db } = database;
    db.transaction((tx) => replaceAllRatings(tx, [], 0));
    const debate: RatedDebate = {
      roomId: 'one',
      at: 5,
      debaters: [
        { userId: 1, side: 'PRO', outcome: 'loss' },
        { userId: 2, side: 'CON', outcome: 'win' },
      ],
    };
    const changes = db.transaction((tx) => recordRatedDebate(tx, debate, 5));
    expect(changes.map((c) => [c.userId, c.after.rating > c.ratingBefore])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(roomRatingChanges(db, 'one')).toHaveLength(2);
  });
});
