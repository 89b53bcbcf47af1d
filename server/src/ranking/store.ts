import { INITIAL_STANDING, rateInOrder, type RatedDebate, type RatingChange, type Standing } from './debate-rating.js';
import type { ratingChanges } from './tables.js';

export type ChangeRow = typeof ratingChanges.$inferSelect;

/** A debate's place in rating order. */
export type RatingKey = Pick<RatedDebate, 'at' | 'roomId'>;

/** A member on the ranking: an established (not provisional) rating. */
export interface RankedRating extends Standing {
  readonly userId: number;
}

/** One point of a member's rating history. */
interface HistoryPoint {
  readonly roomId: string;
  readonly at: number;
  readonly outcome: ChangeRow['outcome'];
  readonly ratingBefore: number;
  readonly rating: number;
  readonly deviation: number;
}

/** Glicko-2 ratings and their history (docs/ratings.md); SQLite and PostgreSQL implement it alike. */
export interface RatingStore {
  /** Current standings of some members; members never rated stand at the initial rating. */
  standingsOf(userIds: readonly number[]): Promise<Map<number, Standing>>;
  /** Every stored standing (for the recompute check). */
  allStandings(): Promise<Map<number, Standing>>;
  /**
   * Holds the ratings until the caller's transaction ends: rating writers (and a recompute, which
   * calls this before reading the logs) run one after another, each reading what the previous
   * one committed. SQLite's single writer already does this; PostgreSQL takes a lock for it.
   */
  hold(): Promise<void>;
  /**
   * Rates a debate that has just got its result, inside the caller's transaction (the one that
   * appends the result event). Normally nothing was rated after it and this is one Glicko-2 step per
   * debater. A result that arrives after a later one (a late deadline in another room) is put in its
   * place: every debate rated after it is rated again, so the stored ratings always equal a
   * recompute from the logs.
   */
  recordRatedDebate(debate: RatedDebate, now: number): Promise<RatingChange[]>;
  /** Replaces every stored rating with those of `debates` rated from scratch (the recompute). */
  replaceAll(debates: readonly RatedDebate[], now: number): Promise<Map<number, Standing>>;
  /** Established ratings, best first (rating, then lower deviation, then user id), one page. */
  ranked(offset: number, limit: number): Promise<RankedRating[]>;
  /** A member's last `limit` rating changes, oldest first. */
  history(userId: number, limit: number): Promise<HistoryPoint[]>;
  /** What one debate did to each of its debaters (empty before its result), by user id. */
  roomChanges(roomId: string): Promise<ChangeRow[]>;
  /** The shown rating change of one member in each of their rated debates, by room id. */
  changesOf(userId: number): Promise<Map<string, number>>;
  /** The rating system the stored ratings were computed with, if any. */
  system(): Promise<string | null>;
  /** Records the rating system the stored ratings were computed with. */
  setSystem(name: string, at: number): Promise<void>;
}

/** What recordRatedDebate needs from a dialect: two queries and the write. */
export interface RatingRows {
  /** The stored debates rated after `key`, rebuilt from their change rows. */
  debatesAfter(key: RatingKey): Promise<RatedDebate[]>;
  /**
   * Members' standings just before a debate in rating order (each one's last earlier change), in
   * one query however many members; a member without one stands at the initial rating.
   */
  standingsBefore(userIds: readonly number[], key: RatingKey): Promise<Map<number, Standing>>;
  /** Writes the changes (replacing a debate's earlier ones) and the members' new standings. */
  write(changes: readonly RatingChange[], standings: ReadonlyMap<number, Standing>, at: number): Promise<void>;
}

/** recordRatedDebate over a dialect's rows: the debate and every later one, rated again in order. */
export async function rateInPlace(rows: RatingRows, debate: RatedDebate, now: number): Promise<RatingChange[]> {
  const later = (await rows.debatesAfter(debate)).filter((d) => d.roomId !== debate.roomId);
  const debates = [debate, ...later];
  const members = [...new Set(debates.flatMap((d) => d.debaters.map((x) => x.userId)))];
  const start = await rows.standingsBefore(members, debate);
  const { changes, standings } = rateInOrder(debates, (id) => start.get(id) ?? INITIAL_STANDING);
  await rows.write(changes, standings, now);
  return changes.filter((c) => c.roomId === debate.roomId);
}

/** The stored standing of a change or rating row, whose last rated debate got its result at `ratedAt`. */
export const standingOf = (
  row: Pick<ChangeRow, 'rating' | 'deviation' | 'volatility' | 'games'>,
  ratedAt: number,
): Standing => ({
  rating: row.rating,
  deviation: row.deviation,
  volatility: row.volatility,
  games: row.games,
  ratedAt,
});

/** The columns of a member's current rating row (`updated_at` is when its last rated debate got its result). */
export const standingValues = (s: Standing, at: number) => ({
  rating: s.rating,
  deviation: s.deviation,
  volatility: s.volatility,
  games: s.games,
  updatedAt: s.ratedAt ?? at,
});

/** Change rows grouped back into the debates they rated. */
export function debatesOfRows(rows: readonly ChangeRow[]): RatedDebate[] {
  const byRoom = new Map<string, { roomId: string; at: number; debaters: RatedDebate['debaters'][number][] }>();
  for (const row of rows) {
    const debate = byRoom.get(row.roomId) ?? { roomId: row.roomId, at: row.ratedAt, debaters: [] };
    debate.debaters.push({ userId: row.userId, side: row.side, outcome: row.outcome });
    byRoom.set(row.roomId, debate);
  }
  return [...byRoom.values()];
}

/** The columns of a change row (without its key). */
export const changeValues = (c: RatingChange) => ({
  ratedAt: c.at,
  side: c.side,
  outcome: c.outcome,
  ratingBefore: c.ratingBefore,
  rating: c.after.rating,
  deviation: c.after.deviation,
  volatility: c.after.volatility,
  games: c.after.games,
});
