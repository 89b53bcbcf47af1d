import type { Side } from '../settings/codes.js';
import type { RoomState, Seat } from './room-state.js';

/** The seat the user holds now, with its side, or undefined. */
export function seatOf(state: RoomState, userId: number): (Seat & { readonly side: Side }) | undefined {
  for (const side of ['PRO', 'CON'] as const) {
    const seat = state.seats[side].find((s) => s.userId === userId);
    if (seat) return { ...seat, side };
  }
  return undefined;
}

/** Whether the user is observing the room now. */
export function isObserving(state: RoomState, userId: number): boolean {
  return state.observers.some((o) => o.userId === userId);
}

/** The roster side of a user, or undefined if they were not seated when recruitment completed. */
export function rosterSideOf(state: RoomState, userId: number): Side | undefined {
  if (!state.roster) return undefined;
  if (state.roster.PRO.some((m) => m.userId === userId)) return 'PRO';
  if (state.roster.CON.some((m) => m.userId === userId)) return 'CON';
  return undefined;
}

/** Number of occupied seats on both sides. */
export function seatedCount(state: RoomState): number {
  return state.seats.PRO.length + state.seats.CON.length;
}
