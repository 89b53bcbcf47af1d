/**
 * Elo ratings for team debates, as a small pure module. Every debater starts at 1500. After a
 * debate with a result, each roster debater plays one "game" against the average rating of the
 * other side: new = old + K × (score − expected), score 1 / 0.5 / 0 for win / draw / loss, and
 * expected = 1 / (1 + 10^((opponents − own) / 400)). K = 32. Walkovers count like any result;
 * rooms without a result change nothing. All changes of one debate use the ratings from before it.
 */
export const ELO = { initial: 1500, k: 32, scale: 400 } as const;

export type RatedOutcome = 'win' | 'draw' | 'loss';

/** One roster debater of a finished debate. */
export interface RatedDebater {
  readonly userId: number;
  readonly side: 'PRO' | 'CON';
  readonly outcome: RatedOutcome;
}

/** The expected score of a player rated `own` against `opponent`. */
export function expectedScore(own: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - own) / ELO.scale));
}

const scoreOf = (outcome: RatedOutcome): number => (outcome === 'win' ? 1 : outcome === 'draw' ? 0.5 : 0);

const mean = (values: readonly number[]): number =>
  values.length === 0 ? ELO.initial : values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The new rating of every debater after one debate. `ratingOf` gives the current rating
 * (the initial one for a newcomer). Pure.
 */
export function rateDebate(
  debaters: readonly RatedDebater[],
  ratingOf: (userId: number) => number,
): Map<number, number> {
  const before = new Map(debaters.map((d) => [d.userId, ratingOf(d.userId)]));
  const sideMean = (side: 'PRO' | 'CON') =>
    mean(debaters.filter((d) => d.side === side).map((d) => before.get(d.userId) ?? ELO.initial));
  const means = { PRO: sideMean('PRO'), CON: sideMean('CON') };
  const after = new Map<number, number>();
  for (const d of debaters) {
    const own = before.get(d.userId) ?? ELO.initial;
    const opponents = means[d.side === 'PRO' ? 'CON' : 'PRO'];
    after.set(d.userId, own + ELO.k * (scoreOf(d.outcome) - expectedScore(own, opponents)));
  }
  return after;
}
