import type { Side } from '../settings/codes.js';
import type { RoomState } from '../state/room-state.js';
import { winnerOf, type Winner } from './outcome.js';

/** What a finished room adds to a debater's record. */
export type RecordOutcome = 'win' | 'draw' | 'loss';

/** One record update to apply when a room ends. */
export interface RecordUpdate {
  readonly userId: number;
  readonly outcome: RecordOutcome;
}

/** What a debater on `side` gets from a room won by `winner`. */
export function resultFor(winner: Winner, side: Side): RecordOutcome {
  return winner === 'DRAW' ? 'draw' : winner === side ? 'win' : 'loss';
}

/**
 * The record updates of a finished room: the roster debaters only (leavers included, observers
 * never). A vote gives win/loss by side, or a draw to all; a walkover gives the remaining side the
 * win and the other the loss. Rooms without a result, exit overflows and abandoned rooms give none.
 */
export function records(state: RoomState): RecordUpdate[] {
  const { roster } = state;
  const winner = winnerOf(state);
  if (winner === null || !roster) return [];
  const of = (side: 'PRO' | 'CON'): RecordUpdate[] =>
    roster[side].map((m) => ({ userId: m.userId, outcome: resultFor(winner, side) }));
  return [...of('PRO'), ...of('CON')];
}

/** The record outcome of one user, or null when the room gives them none. */
export function recordOf(state: RoomState, userId: number): RecordOutcome | null {
  return records(state).find((r) => r.userId === userId)?.outcome ?? null;
}
