import { composite, glickoStep, idleDeviation, INITIAL_GLICKO, type Glicko, type RatedOutcome } from './glicko.js';

/** One roster debater of a debate with a result. */
interface DebaterResult {
  readonly userId: number;
  readonly side: 'PRO' | 'CON';
  readonly outcome: RatedOutcome;
}

/** A debate to rate: its room, when its result event happened, and every roster debater's result. */
export interface RatedDebate {
  readonly roomId: string;
  /** The `at` of the result event (VotingClosed or WonByDefault). */
  readonly at: number;
  readonly debaters: readonly DebaterResult[];
}

/** A member's rating, how many rated debates it rests on, and when the last of them got its result. */
export interface Standing extends Glicko {
  readonly games: number;
  /** The `at` of the last rated debate's result event; null before any. */
  readonly ratedAt: number | null;
}

/** Where a member stands before any rated debate. */
export const INITIAL_STANDING: Standing = { ...INITIAL_GLICKO, games: 0, ratedAt: null };

/** A standing as of `at`: its deviation grown by the whole idle periods since its last rated debate. */
export const standingAt = (standing: Standing, at: number): Standing =>
  standing.ratedAt === null ? standing : { ...standing, deviation: idleDeviation(standing, at - standing.ratedAt) };

/** What one debate did to one debater's rating. */
export interface RatingChange extends DebaterResult {
  readonly roomId: string;
  readonly at: number;
  readonly ratingBefore: number;
  readonly after: Standing;
}

/**
 * The one order debates are rated in, live and on recompute alike: by the time of the result
 * event, then by room id. The order matters because every debate starts from the ratings the
 * earlier ones left.
 */
function compareDebates(a: Pick<RatedDebate, 'at' | 'roomId'>, b: Pick<RatedDebate, 'at' | 'roomId'>): number {
  return a.at - b.at || (a.roomId < b.roomId ? -1 : a.roomId > b.roomId ? 1 : 0);
}

/**
 * Rates one debate: each debater plays one game against the composite of the other side, every
 * game using the ratings from before the debate, their deviations grown by the idle periods of
 * each member. Pure.
 */
export function rateDebate(debate: RatedDebate, before: (userId: number) => Standing): RatingChange[] {
  const prior = new Map(debate.debaters.map((d) => [d.userId, standingAt(before(d.userId), debate.at)]));
  // Summed in user id order, so a debate read back from storage rates to the very same bits.
  const byId = [...debate.debaters].sort((a, b) => a.userId - b.userId);
  const sideOf = (side: 'PRO' | 'CON') =>
    byId.filter((d) => d.side === side).map((d) => prior.get(d.userId) ?? INITIAL_STANDING);
  const opponents = { PRO: composite(sideOf('CON')), CON: composite(sideOf('PRO')) };
  return debate.debaters.map((d) => {
    const own = prior.get(d.userId) ?? INITIAL_STANDING;
    const next = glickoStep(own, [{ opponent: opponents[d.side], outcome: d.outcome }]);
    return {
      ...d,
      roomId: debate.roomId,
      at: debate.at,
      ratingBefore: own.rating,
      after: { ...next, games: own.games + 1, ratedAt: debate.at },
    };
  });
}

/**
 * Rates debates one after another in their rating order (compareDebates), starting from `start`
 * for each member's first one here. Returns every change and where each member ends. Pure.
 */
export function rateInOrder(
  debates: readonly RatedDebate[],
  start: (userId: number) => Standing,
): { changes: RatingChange[]; standings: Map<number, Standing> } {
  const standings = new Map<number, Standing>();
  const current = (userId: number) => standings.get(userId) ?? start(userId);
  const changes: RatingChange[] = [];
  for (const debate of [...debates].sort(compareDebates)) {
    for (const change of rateDebate(debate, current)) {
      standings.set(change.userId, change.after);
      changes.push(change);
    }
  }
  return { changes, standings };
}
