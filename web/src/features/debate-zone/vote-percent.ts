import type { VoteTally } from '@toron/engine';

export interface VotePercents {
  readonly pro: number;
  readonly con: number;
  readonly abstain: number;
  readonly total: number;
}

/** Rounded percentages of a tally (part2 §9: "vote percentages are rounded"); all 0 when nobody voted. */
export function votePercents(tally: VoteTally): VotePercents {
  const total = tally.agreeNumber + tally.disagreeNumber + tally.neutralNumber;
  const pct = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  return { pro: pct(tally.agreeNumber), con: pct(tally.disagreeNumber), abstain: pct(tally.neutralNumber), total };
}
