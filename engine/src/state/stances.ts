import type { Stance } from '../settings/codes.js';
import type { Phase, RoomState } from './room-state.js';

// Phases in which viewers may declare: from the room's opening until the vote opens.
const DECLARING: ReadonlySet<Phase> = new Set(['waiting', 'starting', 'debating', 'voting']);

/** Whether viewers may still declare or change a stance: the room is live and its vote has not opened. */
export function stancesOpen(state: RoomState): boolean {
  return DECLARING.has(state.phase) && !(state.phase === 'voting' && state.vote?.open === true);
}

/** The stance a user last declared in this room, or null. */
export function stanceOf(state: RoomState, userId: number): Stance | null {
  return state.stances?.[String(userId)] ?? null;
}
