import type { RoomState } from '../state/room-state.js';
import { isTerminal } from '../state/room-state.js';
import { waitingLimitMs } from '../state/durations.js';

/** A timed transition the room is waiting for. */
export type Deadline =
  | { readonly at: number; readonly kind: 'debate-start' }
  | { readonly at: number; readonly kind: 'turn-end'; readonly turnIndex: number }
  | { readonly at: number; readonly kind: 'vote-open' }
  | { readonly at: number; readonly kind: 'vote-close' }
  | { readonly at: number; readonly kind: 'grace-end'; readonly userId: number }
  | { readonly at: number; readonly kind: 'waiting-expire' };

/** The deadline of the current phase alone (countdown, turn, vote pause or window), without grace ends. */
export function phaseDeadline(state: RoomState): Deadline | null {
  const { phase, turn, vote } = state;
  if (phase === 'starting' && state.startsAt !== null) return { at: state.startsAt, kind: 'debate-start' };
  if (phase === 'debating' && turn) return { at: turn.endsAt, kind: 'turn-end', turnIndex: turn.index };
  if (phase === 'voting' && vote) {
    if (!vote.open) return { at: vote.opensAt, kind: 'vote-open' };
    if (vote.closesAt !== null) return { at: vote.closesAt, kind: 'vote-close' };
  }
  return null;
}

/**
 * The deadlines that server downtime moves (DeadlinesShifted): the phase's and the grace ends,
 * earliest first; at equal times the schedule goes before grace ends, then by user id.
 */
export function shiftableDeadlines(state: RoomState): Deadline[] {
  if (isTerminal(state) || state.phase === 'unopened') return [];
  const graces: Deadline[] = [...state.seats.PRO, ...state.seats.CON]
    .filter((s) => s.graceEndsAt !== null)
    .map((s) => ({ at: s.graceEndsAt ?? 0, kind: 'grace-end', userId: s.userId }));
  const phase = phaseDeadline(state);
  const all = phase ? [phase, ...graces] : graces;
  return all.sort((a, b) => a.at - b.at || rank(a) - rank(b));
}

/**
 * When a waiting room with a side nobody holds is abandoned: a fixed time after it opened (downtime
 * included, so it is not shifted), or null while both sides have someone. A side that empties after
 * that time ends the room at once.
 */
export function waitingExpiry(state: RoomState): Deadline | null {
  if (state.phase !== 'waiting' || (state.seats.PRO.length > 0 && state.seats.CON.length > 0)) return null;
  return { at: state.openedAt + waitingLimitMs(state.timeScale), kind: 'waiting-expire' };
}

/** Every pending deadline, earliest first (the shiftable ones, then a waiting room's expiry at the same time). */
export function pendingDeadlines(state: RoomState): Deadline[] {
  const expiry = waitingExpiry(state);
  const shiftable = shiftableDeadlines(state);
  if (!expiry) return shiftable;
  return [...shiftable, expiry].sort((a, b) => a.at - b.at || rankOfKind(a) - rankOfKind(b));
}

const rankOfKind = (d: Deadline): number => (d.kind === 'waiting-expire' ? 1 : 0);

const rank = (d: Deadline): number => (d.kind === 'grace-end' ? d.userId : 0);

/**
 * The earliest pending deadline of the room (start countdown end, turn end, vote pause end,
 * vote window end, a disconnected debater's grace end, or a waiting room's expiry), or null when
 * nothing is timed.
 */
export function nextDeadline(state: RoomState): Deadline | null {
  return pendingDeadlines(state)[0] ?? null;
}
