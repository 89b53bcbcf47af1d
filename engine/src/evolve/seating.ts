import type { EventOf } from '../events/schema.js';
import type { BySide, RoomState, Seat } from '../state/room-state.js';

const withSide = (state: RoomState, side: 'PRO' | 'CON', seats: readonly Seat[]): BySide<readonly Seat[]> =>
  side === 'PRO' ? { PRO: seats, CON: state.seats.CON } : { PRO: state.seats.PRO, CON: seats };

const updateSeat = (state: RoomState, side: 'PRO' | 'CON', userId: number, graceEndsAt: number | null): RoomState => ({
  ...state,
  seats: withSide(
    state,
    side,
    state.seats[side].map((s) => (s.userId === userId ? { ...s, graceEndsAt } : s)),
  ),
});

/** A debater took a seat. */
export function onDebaterJoined(state: RoomState, e: EventOf<'DebaterJoined'>): RoomState {
  const seat: Seat = { userId: e.userId, nickname: e.nickname, imageUrl: e.imageUrl, graceEndsAt: null };
  return { ...state, seats: withSide(state, e.side, [...state.seats[e.side], seat]) };
}

/** A debater gave up the seat (explicitly or by grace expiry); the roster keeps them. */
export function onDebaterLeft(state: RoomState, e: EventOf<'DebaterLeft'>): RoomState {
  return {
    ...state,
    seats: withSide(
      state,
      e.side,
      state.seats[e.side].filter((s) => s.userId !== e.userId),
    ),
  };
}

/** A debater's socket dropped; the seat waits until graceEndsAt. */
export function onDebaterDisconnected(state: RoomState, e: EventOf<'DebaterDisconnected'>): RoomState {
  return updateSeat(state, e.side, e.userId, e.graceEndsAt);
}

/** A disconnected debater came back inside the grace. */
export function onDebaterReconnected(state: RoomState, e: EventOf<'DebaterReconnected'>): RoomState {
  return updateSeat(state, e.side, e.userId, null);
}

/** Someone started observing. */
export function onObserverJoined(state: RoomState, e: EventOf<'ObserverJoined'>): RoomState {
  const observers = [...state.observers, { userId: e.userId, nickname: e.nickname, imageUrl: e.imageUrl }];
  const audience = state.audience.includes(e.userId) ? state.audience : [...state.audience, e.userId];
  return { ...state, observers, audience, peakObservers: Math.max(state.peakObservers, observers.length) };
}

/** An observer left. */
export function onObserverLeft(state: RoomState, e: EventOf<'ObserverLeft'>): RoomState {
  return { ...state, observers: state.observers.filter((o) => o.userId !== e.userId) };
}
