import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { INITIAL_STANDING, rateInOrder, type RatedDebate, type RatingChange, type Standing } from './debate-rating.js';
import { PROVISIONAL_DEVIATION } from '@toron/engine';
import { shownChange } from './glicko.js';
import { debaterRatings, ratingChanges } from './tables.js';

type ChangeRow = typeof ratingChanges.$inferSelect;

const standingOf = (row: Pick<ChangeRow, 'rating' | 'deviation' | 'volatility' | 'games'>): Standing => ({
  rating: row.rating,
  deviation: row.deviation,
  volatility: row.volatility,
  games: row.games,
});

/** Current standings of some members; members never rated stand at the initial rating. */
export function standingsOf(db: Db, userIds: readonly number[]): Map<number, Standing> {
  const map = new Map<number, Standing>(userIds.map((id) => [id, INITIAL_STANDING]));
  if (userIds.length === 0) return map;
  const rows = db
    .select()
    .from(debaterRatings)
    .where(inArray(debaterRatings.userId, [...userIds]))
    .all();
  for (const row of rows) map.set(row.userId, standingOf(row));
  return map;
}

/** Every stored standing (for the recompute check). */
export function allStandings(db: Db): Map<number, Standing> {
  return new Map(
    db
      .select()
      .from(debaterRatings)
      .all()
      .map((row) => [row.userId, standingOf(row)]),
  );
}

/** Rows strictly after a debate in rating order. */
const afterKey = (key: Pick<RatedDebate, 'at' | 'roomId'>) =>
  or(gt(ratingChanges.ratedAt, key.at), and(eq(ratingChanges.ratedAt, key.at), gt(ratingChanges.roomId, key.roomId)));

/** A member's standing just before a debate in rating order (their last earlier change). */
function standingBefore(tx: Db, userId: number, key: Pick<RatedDebate, 'at' | 'roomId'>): Standing {
  const row = tx
    .select()
    .from(ratingChanges)
    .where(
      and(
        eq(ratingChanges.userId, userId),
        or(
          lt(ratingChanges.ratedAt, key.at),
          and(eq(ratingChanges.ratedAt, key.at), lt(ratingChanges.roomId, key.roomId)),
        ),
      ),
    )
    .orderBy(desc(ratingChanges.ratedAt), desc(ratingChanges.roomId))
    .limit(1)
    .get();
  return row ? standingOf(row) : INITIAL_STANDING;
}

/** The stored debates rated after `key`, rebuilt from their change rows. */
function debatesAfter(tx: Db, key: Pick<RatedDebate, 'at' | 'roomId'>): RatedDebate[] {
  const byRoom = new Map<string, { roomId: string; at: number; debaters: RatedDebate['debaters'][number][] }>();
  const rows = tx.select().from(ratingChanges).where(afterKey(key)).all();
  for (const row of rows) {
    const debate = byRoom.get(row.roomId) ?? { roomId: row.roomId, at: row.ratedAt, debaters: [] };
    debate.debaters.push({ userId: row.userId, side: row.side, outcome: row.outcome });
    byRoom.set(row.roomId, debate);
  }
  return [...byRoom.values()];
}

function writeChanges(tx: Db, changes: readonly RatingChange[], standings: ReadonlyMap<number, Standing>, at: number) {
  for (const c of changes) {
    const values = {
      ratedAt: c.at,
      side: c.side,
      outcome: c.outcome,
      ratingBefore: c.ratingBefore,
      rating: c.after.rating,
      deviation: c.after.deviation,
      volatility: c.after.volatility,
      games: c.after.games,
    };
    tx.insert(ratingChanges)
      .values({ roomId: c.roomId, userId: c.userId, ...values })
      .onConflictDoUpdate({ target: [ratingChanges.roomId, ratingChanges.userId], set: values })
      .run();
  }
  for (const [userId, s] of standings) {
    const values = { ...s, updatedAt: at };
    tx.insert(debaterRatings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: debaterRatings.userId, set: values })
      .run();
  }
}

/**
 * Rates a debate that has just got its result, inside the caller's transaction (the one that
 * appends the result event). Normally nothing was rated after it and this is one Glicko-2 step per
 * debater. A result that arrives after a later one (a late deadline in another room) is put in its
 * place: every debate rated after it is rated again, so the stored ratings always equal a
 * recompute from the logs. Rating writes must not interleave: SQLite's single writer guarantees it.
 */
export function recordRatedDebate(tx: Db, debate: RatedDebate, now: number): RatingChange[] {
  const later = debatesAfter(tx, debate).filter((d) => d.roomId !== debate.roomId);
  const debates = [debate, ...later];
  const members = new Set(debates.flatMap((d) => d.debaters.map((x) => x.userId)));
  const start = new Map([...members].map((id) => [id, standingBefore(tx, id, debate)]));
  const { changes, standings } = rateInOrder(debates, (id) => start.get(id) ?? INITIAL_STANDING);
  writeChanges(tx, changes, standings, now);
  return changes.filter((c) => c.roomId === debate.roomId);
}

/** Replaces every stored rating with those of `debates` rated from scratch (the recompute). */
export function replaceAllRatings(tx: Db, debates: readonly RatedDebate[], now: number): Map<number, Standing> {
  tx.delete(ratingChanges).run();
  tx.delete(debaterRatings).run();
  const { changes, standings } = rateInOrder(debates, () => INITIAL_STANDING);
  writeChanges(tx, changes, standings, now);
  return standings;
}

/** A member on the ranking: an established (not provisional) rating. */
export interface RankedRating extends Standing {
  readonly userId: number;
}

/** Established ratings, best first (rating, then lower deviation, then user id), one page. */
export function rankedRatings(db: Db, offset: number, limit: number): RankedRating[] {
  return db
    .select()
    .from(debaterRatings)
    .where(lt(debaterRatings.deviation, PROVISIONAL_DEVIATION))
    .orderBy(desc(debaterRatings.rating), asc(debaterRatings.deviation), asc(debaterRatings.userId))
    .limit(limit)
    .offset(offset)
    .all()
    .map((row) => ({ userId: row.userId, ...standingOf(row) }));
}

/** One point of a member's rating history. */
export interface HistoryPoint {
  readonly roomId: string;
  readonly at: number;
  readonly outcome: ChangeRow['outcome'];
  readonly ratingBefore: number;
  readonly rating: number;
  readonly deviation: number;
}

/** A member's last `limit` rating changes, oldest first. */
export function ratingHistory(db: Db, userId: number, limit: number): HistoryPoint[] {
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
}

/** What one debate did to each of its debaters (empty before its result). */
export function roomRatingChanges(db: Db, roomId: string): ChangeRow[] {
  return db
    .select()
    .from(ratingChanges)
    .where(eq(ratingChanges.roomId, roomId))
    .orderBy(asc(ratingChanges.userId))
    .all();
}

/** The shown rating change of one member in each of their rated debates, by room id. */
export function ratingChangesOf(db: Db, userId: number): Map<string, number> {
  const rows = db
    .select({ roomId: ratingChanges.roomId, before: ratingChanges.ratingBefore, after: ratingChanges.rating })
    .from(ratingChanges)
    .where(eq(ratingChanges.userId, userId))
    .all();
  return new Map(rows.map((r) => [r.roomId, shownChange(r.before, r.after)]));
}
