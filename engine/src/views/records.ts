import type { RoomState } from '../state/room-state.js';

/** What a finished room adds to a debater's record. */
export type RecordOutcome = 'win' | 'draw' | 'loss';

/** One record update to apply when a room ends. */
export interface RecordUpdate {
  readonly userId: number;
  readonly outcome: RecordOutcome;
}

/**
 * The record updates of a finished room: the roster debaters only (leavers included, observers
 * never). A vote gives win/loss by side, or a draw to all; a walkover gives the remaining side the
 * win and the other the loss. Rooms without a result, exit overflows and abandoned rooms give none.
 */
export function records(state: RoomState): RecordUpdate[] {
  const { result, roster } = state;
  if (!result || !roster) return [];
  const winner = result.kind === 'vote' ? result.outcome : result.winner;
  const of = (side: 'PRO' | 'CON'): RecordUpdate[] =>
    roster[side].map((m) => ({
      userId: m.userId,
      outcome: winner === 'DRAW' ? 'draw' : winner === side ? 'win' : 'loss',
    }));
  return [...of('PRO'), ...of('CON')];
}

/** The record outcome of one user, or null when the room gives them none. */
export function recordOf(state: RoomState, userId: number): RecordOutcome | null {
  return records(state).find((r) => r.userId === userId)?.outcome ?? null;
}
