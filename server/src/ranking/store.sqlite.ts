import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
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
import { debaterRatings, ratingChanges, ratingSystem } from './tables.js';

/** Rows strictly after a debate in rating order. */
const afterKey = (key: RatingKey) =>
  or(gt(ratingChanges.ratedAt, key.at), and(eq(ratingChanges.ratedAt, key.at), gt(ratingChanges.roomId, key.roomId)));
const beforeKey = (key: RatingKey) =>
  or(lt(ratingChanges.ratedAt, key.at), and(eq(ratingChanges.ratedAt, key.at), lt(ratingChanges.roomId, key.roomId)));

/** The rating store on SQLite: rating writes cannot interleave, SQLite has one writer. */
export function sqliteRatingStore(db: Db): RatingStore {
  const rows: RatingRows = {
    async debatesAfter(key) {
      return debatesOfRows(db.select().from(ratingChanges).where(afterKey(key)).all());
    },
    // One prepared lookup per member: SQLite answers in-process, with no round trip to save.
    async standingsBefore(userIds, key) {
      const map = new Map<number, Standing>();
      for (const userId of userIds) {
        const row = db
          .select()
          .from(ratingChanges)
          .where(and(eq(ratingChanges.userId, userId), beforeKey(key)))
          .orderBy(desc(ratingChanges.ratedAt), desc(ratingChanges.roomId))
          .limit(1)
          .get();
        map.set(userId, row ? standingOf(row, row.ratedAt) : INITIAL_STANDING);
      }
      return map;
    },
    async write(changes, standings, at) {
      for (const c of changes) {
        const values = changeValues(c);
        db.insert(ratingChanges)
          .values({ roomId: c.roomId, userId: c.userId, ...values })
          .onConflictDoUpdate({ target: [ratingChanges.roomId, ratingChanges.userId], set: values })
          .run();
      }
      for (const [userId, s] of standings) {
        const values = standingValues(s, at);
        db.insert(debaterRatings)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: debaterRatings.userId, set: values })
          .run();
      }
    },
  };
  return {
    async standingsOf(userIds) {
      const map = new Map<number, Standing>(userIds.map((id) => [id, INITIAL_STANDING]));
      if (userIds.length === 0) return map;
      const found = db
        .select()
        .from(debaterRatings)
        .where(inArray(debaterRatings.userId, [...userIds]))
        .all();
      for (const row of found) map.set(row.userId, standingOf(row, row.updatedAt));
      return map;
    },
    async allStandings() {
      return new Map(
        db
          .select()
          .from(debaterRatings)
          .all()
          .map((row) => [row.userId, standingOf(row, row.updatedAt)]),
      );
    },
    async hold() {},
    recordRatedDebate: (debate, now) => rateInPlace(rows, debate, now),
    async replaceAll(debates, now) {
      db.delete(ratingChanges).run();
      db.delete(debaterRatings).run();
      const { changes, standings } = rateInOrder(debates, () => INITIAL_STANDING);
      await rows.write(changes, standings, now);
      return standings;
    },
    async ranked(offset, limit) {
      return db
        .select()
        .from(debaterRatings)
        .where(lt(debaterRatings.deviation, PROVISIONAL_DEVIATION))
        .orderBy(desc(debaterRatings.rating), asc(debaterRatings.deviation), asc(debaterRatings.userId))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => ({ userId: row.userId, ...standingOf(row, row.updatedAt) }));
    },
    async history(userId, limit) {
      return db
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
        .orderBy(desc(ratingChanges.ratedAt), desc(ratingChanges.roomId))
        .limit(limit)
        .all()
        .reverse();
    },
    async roomChanges(roomId) {
      return db
        .select()
        .from(ratingChanges)
        .where(eq(ratingChanges.roomId, roomId))
        .orderBy(asc(ratingChanges.userId))
        .all();
    },
    async changesOf(userId) {
      const found = db
        .select({ roomId: ratingChanges.roomId, before: ratingChanges.ratingBefore, after: ratingChanges.rating })
        .from(ratingChanges)
        .where(eq(ratingChanges.userId, userId))
        .all();
      return new Map(found.map((r) => [r.roomId, shownChange(r.before, r.after)]));
    },
    async system() {
      return db.select().from(ratingSystem).where(eq(ratingSystem.id, 1)).get()?.name ?? null;
    },
    async setSystem(name, at) {
      db.insert(ratingSystem)
        .values({ id: 1, name, computedAt: at })
        .onConflictDoUpdate({ target: ratingSystem.id, set: { name, computedAt: at } })
        .run();
    },
  };
}
