import { PROVISIONAL_DEVIATION } from '@toron/engine';
import rate from 'glicko2-lite';

/**
 * Glicko-2 as Toron uses it (docs/ratings.md): every member starts at 1500 with deviation 350 and
 * volatility 0.06; τ = 0.5 bounds how fast volatility moves. Each rated debate is one rating period
 * for its debaters; the step itself (Glickman's steps 2–8) is the glicko2-lite library.
 */
export const GLICKO = { rating: 1500, deviation: 350, volatility: 0.06, tau: 0.5 } as const;

/** A Glicko-2 rating on the familiar (1500-centred) scale. */
export interface Glicko {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** The rating every member starts from. */
export const INITIAL_GLICKO: Glicko = {
  rating: GLICKO.rating,
  deviation: GLICKO.deviation,
  volatility: GLICKO.volatility,
};

/** A debate's result for one debater. */
export type RatedOutcome = 'win' | 'draw' | 'loss';

const SCORE: Record<RatedOutcome, number> = { win: 1, draw: 0.5, loss: 0 };

/** One game of a rating period: the opponent (volatility plays no part) and this player's result. */
export interface Game {
  readonly opponent: Pick<Glicko, 'rating' | 'deviation'>;
  readonly outcome: RatedOutcome;
}

/** One Glicko-2 rating period of `player` with `games` (at least one). Pure. */
export function glickoStep(player: Glicko, games: readonly Game[]): Glicko {
  const result = rate(
    player.rating,
    player.deviation,
    player.volatility,
    games.map((g) => [g.opponent.rating, g.opponent.deviation, SCORE[g.outcome]]),
    { rating: GLICKO.rating, tau: GLICKO.tau },
  );
  return { rating: result.rating, deviation: result.rd, volatility: result.vol };
}

/**
 * One side of a team debate as a single opponent: the mean of its ratings and the root mean square
 * of its deviations (a side of newcomers stays as uncertain as one newcomer). A side of one is that
 * debater.
 */
export function composite(side: readonly Glicko[]): Pick<Glicko, 'rating' | 'deviation'> {
  if (side.length === 0) throw new Error('a side without debaters has no composite');
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    rating: mean(side.map((r) => r.rating)),
    deviation: Math.sqrt(mean(side.map((r) => r.deviation ** 2))),
  };
}

/**
 * The idle rating period: each whole 30 days without a rated debate grows a member's deviation by
 * one step. Glicko-2 wants periods holding many games, and members debate a few times a month.
 */
export const IDLE_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
/** Glicko-2's factor between the familiar scale and its own (Glickman, step 2). */
const GLICKO2_SCALE = 173.7178;

/**
 * A rating's deviation after `idleMs` without a rated debate: Glickman's pre-period step
 * φ* = √(φ² + σ²) once per whole idle period (docs/ratings.md), never above a newcomer's.
 */
export function idleDeviation(rating: Pick<Glicko, 'deviation' | 'volatility'>, idleMs: number): number {
  const periods = Math.floor(Math.max(0, idleMs) / IDLE_PERIOD_MS);
  if (periods === 0) return rating.deviation;
  const grown = Math.sqrt(rating.deviation ** 2 + (GLICKO2_SCALE * rating.volatility) ** 2 * periods);
  return Math.min(GLICKO.deviation, grown);
}

/** Whether a rating is still provisional (잠정); about 6–9 rated debates bring a newcomer out of it. */
export const isProvisional = (rating: Pick<Glicko, 'deviation'>): boolean => rating.deviation >= PROVISIONAL_DEVIATION;

/** A rating as people see it: a whole number. */
export const shownRating = (rating: number): number => Math.round(rating);

/** A debate's rating change as people see it: the difference of the shown ratings, so they add up. */
export const shownChange = (before: number, after: number): number => shownRating(after) - shownRating(before);
