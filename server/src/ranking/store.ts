import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ELO } from './rating.js';
import { debaterRatings } from './tables.js';

/** Current ratings of some users; users never rated are at the initial rating. */
export function ratingsOf(db: Db, userIds: readonly number[]): Map<number, number> {
  const map = new Map<number, number>(userIds.map((id) => [id, ELO.initial]));
  if (userIds.length === 0) return map;
  const rows = db
    .select()
    .from(debaterRatings)
    .where(inArray(debaterRatings.userId, [...userIds]))
    .all();
  for (const row of rows) map.set(row.userId, row.ratingMilli / 1000);
  return map;
}

/** Writes new ratings (one more game each) inside the caller's transaction. */
export function saveRatings(tx: Db, ratings: ReadonlyMap<number, number>, at: number): void {
  for (const [userId, rating] of ratings) {
    const ratingMilli = Math.round(rating * 1000);
    tx.insert(debaterRatings)
      .values({ userId, ratingMilli, games: 1, updatedAt: at })
      .onConflictDoUpdate({
        target: debaterRatings.userId,
        set: { ratingMilli, games: sql`${debaterRatings.games} + 1`, updatedAt: at },
      })
      .run();
  }
}
