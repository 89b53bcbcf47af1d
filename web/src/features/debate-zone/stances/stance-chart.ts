import { stancePercents, type StancePoint, type StanceShares } from '@toron/engine';

/** One stretch of the chart: the shares held from `from` to `to` (null: fewer than 3 had declared). */
export interface ChartSegment {
  readonly from: number;
  readonly to: number;
  readonly shares: StanceShares | null;
}

/**
 * The stance timeline cut to the replay's span [start, end]: each point holds until the next, the
 * last until `lockedAt` (when stances stopped changing: the vote, or the end of the room).
 */
export function chartSegments(points: readonly StancePoint[], start: number, lockedAt: number): ChartSegment[] {
  const out: ChartSegment[] = [];
  points.forEach((point, i) => {
    const from = Math.max(start, point.at);
    const to = Math.min(lockedAt, points[i + 1]?.at ?? lockedAt);
    if (to > from) out.push({ from, to, shares: point.shares });
  });
  return out;
}

/** The shares held at time `t`, or null (nobody yet, or fewer than 3 declared). */
export function sharesAt(points: readonly StancePoint[], t: number): StanceShares | null {
  let found: StanceShares | null = null;
  for (const point of points) {
    if (point.at > t) break;
    found = point.shares;
  }
  return found;
}

/** The three bands of a segment, bottom up (찬성, 미정, 반대), as heights out of 100. */
export function bands(shares: StanceShares): { PRO: number; UNDECIDED: number; CON: number } {
  const p = stancePercents(shares);
  return { PRO: p.PRO, UNDECIDED: p.UNDECIDED, CON: p.CON };
}
