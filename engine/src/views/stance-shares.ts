import { STANCES, type Stance } from '../settings/codes.js';
import type { RoomState } from '../state/room-state.js';
import { stancesOpen } from '../state/stances.js';
import type { StanceBoard, StanceShares } from '../wire/stance.js';

/** Fewest declared viewers for whom shares are shown: below it, a share could name a person. */
export const STANCE_MIN_DECLARED = 3;

/**
 * The stances of the viewers present now who declared one, as counts, or null while fewer than
 * `STANCE_MIN_DECLARED` did. Viewers who left keep their stance but are not counted until they return.
 */
export function stanceShares(state: RoomState): StanceShares | null {
  const counts = { PRO: 0, CON: 0, UNDECIDED: 0 };
  for (const viewer of state.observers) {
    const stance = state.stances?.[String(viewer.userId)];
    if (stance) counts[stance]++;
  }
  const declared = counts.PRO + counts.CON + counts.UNDECIDED;
  return declared < STANCE_MIN_DECLARED ? null : { declared, ...counts };
}

/** What the live stance topic carries for a room. */
export function stanceBoard(state: RoomState): StanceBoard {
  return { roomId: state.roomId, shares: stanceShares(state), open: stancesOpen(state) };
}

/**
 * Whole percentages of each stance that add up to 100 (largest remainder; ties go to the
 * earlier stance in 찬성, 반대, 미정 order), so a bar and the figures beside it always agree.
 */
export function stancePercents(shares: StanceShares): Readonly<Record<Stance, number>> {
  const exact = STANCES.map((s) => (shares[s] * 100) / shares.declared);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left-- <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
  }
  return { PRO: floors[0] ?? 0, CON: floors[1] ?? 0, UNDECIDED: floors[2] ?? 0 };
}
