import {
  roomEventSchema,
  roomInfoSchema,
  roomRatingChangeSchema,
  type Participant,
  type RoomEvent,
  type RoomInfo,
  type RoomRatingChange,
} from '@toron/engine';
import { z } from 'zod';
import { api } from '../../lib/api';
import { UNKNOWN_CLOCK, withDateHeader, type ClockEstimate } from '../../lib/live/server-clock';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Room ids are uuids; anything else goes to /not-found without asking the server. */
export function isRoomId(value: string): boolean {
  return UUID.test(value);
}

/** D2/D3: room info with the debaters' cards and records. */
export function fetchRoomInfo(roomId: string): Promise<RoomInfo> {
  return api(`/api/debates/${encodeURIComponent(roomId)}`, { schema: roomInfoSchema });
}

/** The whole event log of a finished room (redacted for the caller), for the archive and its replay. */
export function fetchRoomEvents(roomId: string): Promise<RoomEvent[]> {
  return api(`/api/debates/${encodeURIComponent(roomId)}/events`, { schema: z.array(roomEventSchema) });
}

/** What the debate did to each debater's rating (empty until it has a result). */
export function fetchRoomRatingChanges(roomId: string): Promise<RoomRatingChange[]> {
  return api(`/api/ratings/rooms/${encodeURIComponent(roomId)}`, { schema: z.array(roomRatingChangeSchema) });
}

/** A first bound on the clock offset from the server's `Date` header (a cheap request to /healthz). */
export async function measureClock(): Promise<ClockEstimate> {
  const sentAt = Date.now();
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    return withDateHeader(UNKNOWN_CLOCK, response.headers.get('date'), sentAt, Date.now());
  } catch {
    return UNKNOWN_CLOCK;
  }
}

/** Every participant card of a room by user id. */
export function cardsById(info: RoomInfo | null): ReadonlyMap<number, Participant> {
  return new Map([...(info?.proUsers ?? []), ...(info?.conUsers ?? [])].map((p) => [p.id, p]));
}
