import { replay } from '@toron/engine';
import type { Storage, Stores } from '../db/storage.js';
import { INITIAL_STANDING, rateInOrder, type RatedDebate, type Standing } from './debate-rating.js';
import { GLICKO, IDLE_PERIOD_MS } from './glicko.js';
import { ratedDebateOf, RESULT_EVENT_TYPES } from './result-event.js';

/**
 * The name of the running rating system and its parameters. Stored ratings computed under another
 * name (another system, other parameters) are recomputed from the logs at start-up.
 */
const RATING_SYSTEM =
  `glicko2 ${GLICKO.rating}/${GLICKO.deviation}/${GLICKO.volatility} tau ${GLICKO.tau}; ` +
  `team: mean rating, rms deviation; idle deviation growth per ${IDLE_PERIOD_MS} ms`;

/** Every rated debate, read from the room logs (each log replayed through the engine). */
export async function ratedDebatesFromLogs(stores: Stores): Promise<RatedDebate[]> {
  const debates: RatedDebate[] = [];
  for (const roomId of await stores.roomEvents.roomsWithEvent(RESULT_EVENT_TYPES)) {
    const events = await stores.roomEvents.load(roomId);
    const debate = ratedDebateOf(replay(events), events);
    if (debate) debates.push(debate);
  }
  return debates;
}

/** What a recompute found and did. */
export interface RecomputeReport {
  readonly debates: number;
  readonly members: number;
  /** Members whose stored standing differed from the recomputed one (0 when the store was right). */
  readonly differing: number;
}

/** Stored standings tolerate this much float noise before they count as different. */
const EPSILON = 1e-9;

const same = (a: Standing | undefined, b: Standing | undefined): boolean =>
  !!a &&
  !!b &&
  a.games === b.games &&
  a.ratedAt === b.ratedAt &&
  Math.abs(a.rating - b.rating) < EPSILON &&
  Math.abs(a.deviation - b.deviation) < EPSILON &&
  Math.abs(a.volatility - b.volatility) < EPSILON;

/**
 * Rebuilds every rating from the room logs and compares it with what was stored. With `write`
 * false nothing changes (a check); otherwise the ratings are replaced and the rating system is
 * recorded as the running one. One transaction holding the ratings: live results wait while it runs.
 */
export function recomputeRatings(storage: Storage, now: number, write = true): Promise<RecomputeReport> {
  // Logs and ratings are read and written as one: no result can slip in between.
  return storage.transaction(async (tx) => {
    await tx.ratings.hold();
    const debates = await ratedDebatesFromLogs(tx);
    const stored = await tx.ratings.allStandings();
    const computed = write
      ? await tx.ratings.replaceAll(debates, now)
      : rateInOrder(debates, () => INITIAL_STANDING).standings;
    const members = new Set([...stored.keys(), ...computed.keys()]);
    const differing = [...members].filter((id) => !same(stored.get(id), computed.get(id))).length;
    if (write) await tx.ratings.setSystem(RATING_SYSTEM, now);
    return { debates: debates.length, members: computed.size, differing };
  });
}

/**
 * Start-up step: when the stored ratings were computed by another rating system (or never), every
 * rating is recomputed from the logs once and the running system recorded.
 */
export async function bringRatingsUpToDate(storage: Storage, now: number): Promise<RecomputeReport | null> {
  return (await storage.ratings.system()) === RATING_SYSTEM ? null : recomputeRatings(storage, now);
}
