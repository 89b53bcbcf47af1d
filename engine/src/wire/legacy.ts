/**
 * The bodies of the legacy endpoints (docs/wire-contract.md#destinations): what the debate and observer
 * topics carry, and what a legacy client SENDs. The texts themselves are in LEGACY_TEXTS.
 */
import { z } from 'zod';
import { SIDES } from '../settings/codes.js';
import { ROOM_STATUSES } from './rooms.js';
import { MAX_FRAME_TEXT } from './native.js';

const side = z.enum(SIDES);

/** A server event on `/topic/debate/{roomId}` or `/topic/observer/{roomId}`. */
export const legacyBodySchema = z
  .discriminatedUnion('event', [
    z.object({
      event: z.enum(['user_joined', 'user_left']),
      roomId: z.string(),
      userName: z.string(),
      message: z.string(),
    }),
    z.object({ event: z.literal('NOTIFICATION'), message: z.string() }),
    z.object({ event: z.literal('STATUS'), status: z.enum(ROOM_STATUSES).exclude(['WAITING']), message: z.string() }),
    z.object({ event: z.literal('TURN'), turn: side, message: z.string() }),
    z.object({
      event: z.literal('MESSAGE'),
      userName: z.string(),
      imageUrl: z.string().nullable(),
      position: z.enum(['pro', 'con', 'observer']),
      message: z.string(),
      timestamp: z.string(),
    }),
    z.object({ event: z.literal('WIN_BY_DEFAULT'), roomId: z.string(), winner: side }),
    z.object({ event: z.literal('EXIT_OVERFLOW_NULL'), roomId: z.string() }),
    /** Tells a refused joiner's client (matched by kickedUserName) to leave. */
    z.object({ event: z.literal('error'), roomId: z.string(), kickedUserName: z.string(), message: z.string() }),
  ])
  .meta({ id: 'LegacyRoomMessage', description: '기존 클라이언트용 토론방 이벤트' });

/** A legacy STOMP body. */
export type LegacyBody = z.infer<typeof legacyBodySchema>;

/** A chat SEND body of a legacy client: only `message` is used (name, side and picture come from the seat). */
export const legacyChatSchema = z
  .object({ message: z.string().max(MAX_FRAME_TEXT) })
  .passthrough()
  .meta({ id: 'LegacyChat', description: '기존 클라이언트의 채팅 (message만 사용)' });

/** The body of a room-list request; its content is ignored. */
export const roomListRequestSchema = z
  .object({ message: z.string().optional() })
  .passthrough()
  .meta({ id: 'RoomListRequest', description: '토론방 목록 요청 (내용은 무시)' });

/** The text our own client puts into a room-list request. */
export const ROOM_LIST_REQUEST_TEXT = '최신 토론방 요청';
