import { replay } from '@toron/engine';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loadEvents, roomsWithEvent } from '../debates/event-store.js';
import { INITIAL_STANDING, rateInOrder, type RatedDebate, type Standing } from './debate-rating.js';
import { GLICKO } from './glicko.js';
import { ratedDebateOf, RESULT_EVENT_TYPES } from './result-event.js';
import { allStandings, replaceAllRatings } from './store.js';
import { ratingSystem } from './tables.js';

/**
 * The name of the running rating system and its parameters. Stored ratings computed under another
 * name (another system, other parameters) are recomputed from the logs at start-up.
 */
const RATING_SYSTEM =
  `glicko2 ${GLICKO.rating}/${GLICKO.deviation}/${GLICKO.volatility} tau ${GLICKO.tau}; ` +
  'team: mean rating, rms deviation';

/** Every rated debate, read from the room logs (each log replayed through the engine). */
export function ratedDebatesFromLogs(db: Db): RatedDebate[] {
  return roomsWithEvent(db, RESULT_EVENT_TYPES).flatMap((roomId) => {
    const events = loadEvents(db, roomId);
    const debate = ratedDebateOf(replay(events), events);
    return debate ? [debate] : [];
  });
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
  Math.abs(a.rating - b.rating) < EPSILON &&
  Math.abs(a.deviation - b.deviation) < EPSILON &&
  Math.abs(a.volatility - b.volatility) < EPSILON;

/**
 * Rebuilds every rating from the room logs and compares it with what was stored. With `write`
 * false nothing changes (a check); otherwise the ratings are replaced and the rating system is
 * recorded as the running one. One write transaction: live debates wait while it runs.
 */
export function recomputeRatings(db: Db, now: number, write = true): RecomputeReport {
  // Logs and ratings are read and written as one snapshot: no result can slip in between.
  return db.transaction(
    (tx) => {
      const debates = ratedDebatesFromLogs(tx);
      const stored = allStandings(tx);
      const computed = write
        ? replaceAllRatings(tx, debates, now)
        : rateInOrder(debates, () => INITIAL_STANDING).standings;
      const members = new Set([...stored.keys(), ...computed.keys()]);
      const differing = [...members].filter((id) => !same(stored.get(id), computed.get(id))).length;
      if (write) {
        tx.insert(ratingSystem)
          .values({ id: 1, name: RATING_SYSTEM, computedAt: now })
          .onConflictDoUpdate({ target: ratingSystem.id, set: { name: RATING_SYSTEM, computedAt: now } })
          .run();
      }
      return { debates: debates.length, members: computed.size, differing };
    },
    { behavior: 'immediate' },
  );
}

/** The rating system the stored ratings were computed with, if any. */
function storedRatingSystem(db: Db): string | null {
  return db.select().from(ratingSystem).where(eq(ratingSystem.id, 1)).get()?.name ?? null;
}

/**
 * Start-up step: when the stored ratings were computed by another rating system (or never), every
 * rating is recomputed from the logs once and the running system recorded.
 */
export function bringRatingsUpToDate(db: Db, now: number): RecomputeReport | null {
  return storedRatingSystem(db) === RATING_SYSTEM ? null : recomputeRatings(db, now);
}
