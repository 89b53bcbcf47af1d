import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { fromExcluded } from '../db/pg-columns.js';
import { LOCK_RATINGS, type PgDb } from '../db/postgres.js';
import { INITIAL_STANDING, rateInOrder, type Standing } from './debate-rating.js';
import { PROVISIONAL_DEVIATION } from '@toron/engine';
import { shownChange } from './glicko.js';
import {
  changeValues,
  debatesOfRows,
  rateInPlace,
  standingOf,
  standingValues,
  type RatingKey,
  type RatingRows,
  type RatingStore,
} from './store.js';
import { debaterRatings, ratingChanges, ratingSystem } from './tables.pg.js';

// Rating order compares room ids like JavaScript does (code points), whatever the database's collation.
const roomId: SQL = sql`${ratingChanges.roomId} COLLATE "C"`;
const afterKey = (key: RatingKey) =>
  or(gt(ratingChanges.ratedAt, key.at), and(eq(ratingChanges.ratedAt, key.at), gt(roomId, key.roomId)));
const beforeKey = (key: RatingKey) =>
  or(lt(ratingChanges.ratedAt, key.at), and(eq(ratingChanges.ratedAt, key.at), lt(roomId, key.roomId)));

/**
 * The rating store on PostgreSQL. A late result re-rates every later debate from what is stored,
 * so two rating transactions must not interleave under READ COMMITTED: each first takes a
 * transaction-scoped advisory lock (hold), then reads what the previous one committed.
 */
export function pgRatingStore(db: PgDb): RatingStore {
  const hold = async () => void (await db.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_RATINGS})`));
  const rows: RatingRows = {
    async debatesAfter(key) {
      return debatesOfRows(await db.select().from(ratingChanges).where(afterKey(key)));
    },
    async standingsBefore(userIds, key) {
      const map = new Map<number, Standing>(userIds.map((id) => [id, INITIAL_STANDING]));
      if (userIds.length === 0) return map;
      const found = await db
        .selectDistinctOn([ratingChanges.userId])
        .from(ratingChanges)
        .where(and(inArray(ratingChanges.userId, [...userIds]), beforeKey(key)))
        .orderBy(ratingChanges.userId, desc(ratingChanges.ratedAt), desc(roomId));
      for (const row of found) map.set(row.userId, standingOf(row, row.ratedAt));
      return map;
    },
    // One statement however many debates a late result re-rates (the changes in a CTE of the
    // standings' upsert): the rating lock is held until the commit, and every other room's ending
    // waits for it.
    async write(changes, standings, at) {
      const [first] = standings.values();
      if (changes.length === 0 || !first) return;
      const changed = db
        .insert(ratingChanges)
        .values(changes.map((c) => ({ roomId: c.roomId, userId: c.userId, ...changeValues(c) })))
        .onConflictDoUpdate({
          target: [ratingChanges.roomId, ratingChanges.userId],
          set: fromExcluded(ratingChanges, changeValues(changes[0]!)),
        });
      const rated = db
        .insert(debaterRatings)
        .values([...standings].map(([userId, s]) => ({ userId, ...standingValues(s, at) })))
        .onConflictDoUpdate({
          target: debaterRatings.userId,
          set: fromExcluded(debaterRatings, standingValues(first, at)),
        });
      await db.execute(sql`WITH changed AS (${changed.getSQL()}) ${rated.getSQL()}`);
    },
  };
  return {
    async standingsOf(userIds) {
      const map = new Map<number, Standing>(userIds.map((id) => [id, INITIAL_STANDING]));
      if (userIds.length === 0) return map;
      const found = await db
        .select()
        .from(debaterRatings)
        .where(inArray(debaterRatings.userId, [...userIds]));
      for (const row of found) map.set(row.userId, standingOf(row, row.updatedAt));
      return map;
    },
    async allStandings() {
      return new Map(
        (await db.select().from(debaterRatings)).map((row) => [row.userId, standingOf(row, row.updatedAt)]),
      );
    },
    hold,
    async recordRatedDebate(debate, now) {
      await hold();
      return rateInPlace(rows, debate, now);
    },
    async replaceAll(debates, now) {
      await hold();
      await db.delete(ratingChanges);
      await db.delete(debaterRatings);
      const { changes, standings } = rateInOrder(debates, () => INITIAL_STANDING);
      await rows.write(changes, standings, now);
      return standings;
    },
    async ranked(offset, limit) {
      const found = await db
        .select()
        .from(debaterRatings)
        .where(lt(debaterRatings.deviation, PROVISIONAL_DEVIATION))
        .orderBy(desc(debaterRatings.rating), asc(debaterRatings.deviation), asc(debaterRatings.userId))
        .limit(limit)
        .offset(offset);
      return found.map((row) => ({ userId: row.userId, ...standingOf(row, row.updatedAt) }));
    },
    async history(userId, limit) {
      const found = await db
        .select({
          roomId: ratingChanges.roomId,
          at: ratingChanges.ratedAt,
          outcome: ratingChanges.outcome,
          ratingBefore: ratingChanges.ratingBefore,
          rating: ratingChanges.rating,
          deviation: ratingChanges.deviation,
        })
        .from(ratingChanges)
        .where(eq(ratingChanges.userId, userId))
        .orderBy(desc(ratingChanges.ratedAt), desc(roomId))
        .limit(limit);
      return found.reverse();
    },
    async roomChanges(id) {
      return db.select().from(ratingChanges).where(eq(ratingChanges.roomId, id)).orderBy(asc(ratingChanges.userId));
    },
    async changesOf(userId) {
      const found = await db
        .select({ roomId: ratingChanges.roomId, before: ratingChanges.ratingBefore, after: ratingChanges.rating })
        .from(ratingChanges)
        .where(eq(ratingChanges.userId, userId));
      return new Map(found.map((r) => [r.roomId, shownChange(r.before, r.after)]));
    },
    async system() {
      return (await db.select().from(ratingSystem).where(eq(ratingSystem.id, 1)))[0]?.name ?? null;
    },
    async setSystem(name, at) {
      await db
        .insert(ratingSystem)
        .values({ id: 1, name, computedAt: at })
        .onConflictDoUpdate({ target: ratingSystem.id, set: { name, computedAt: at } });
    },
  };
}
