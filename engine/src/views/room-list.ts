import { seatsPerSide } from '../settings/codes.js';
import { isOpen, type RoomState } from '../state/room-state.js';
import { seatedCount } from '../state/seats.js';
import type { RoomListEntry } from '../wire/rooms.js';
import { roomInfo, type ParticipantLookup } from './room-info.js';

/** What the room list sorts by. */
export interface RoomListKeys {
  /** 최신순: newest first. */
  readonly createdAt: number;
  /** 임박순 (closest to full): fewest open seats first. */
  readonly openSeats: number;
  /** 인기순: most current observers first. */
  readonly observers: number;
}

/** Whether the room belongs to the joinable (참여가능) list: opened and still recruiting. */
export function isJoinable(state: RoomState): boolean {
  return state.phase === 'waiting';
}

/** The room-list entry of an opened room (null before it opens). */
export function roomListEntry(state: RoomState, participants: ParticipantLookup): RoomListEntry | null {
  const info = roomInfo(state, participants);
  if (!info) return null;
  return { debateRoomResponse: info, currentCount: state.observers.length, maxCount: state.peakObservers };
}

/** The sort keys of a room in the list. */
export function roomListKeys(state: RoomState): RoomListKeys {
  const seats = isOpen(state) ? seatsPerSide(state.settings.format) * 2 : 0;
  return {
    createdAt: state.openedAt,
    openSeats: Math.max(0, seats - seatedCount(state)),
    observers: state.observers.length,
  };
}

/** Orders of the three room-list arrays (docs/wire-contract.md#shapes), as comparators on sort keys. */
export const ROOM_LIST_ORDER = {
  roomSortedByCreatedAt: (a: RoomListKeys, b: RoomListKeys): number => b.createdAt - a.createdAt,
  roomSortedByUserCount: (a: RoomListKeys, b: RoomListKeys): number =>
    a.openSeats - b.openSeats || b.createdAt - a.createdAt,
  observerCurrent: (a: RoomListKeys, b: RoomListKeys): number => b.observers - a.observers || b.createdAt - a.createdAt,
} as const;
