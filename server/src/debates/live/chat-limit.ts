/**
 * The chat rate limit (RATE_LIMIT_CHAT, by default 5 messages per 3 s) per user per room, for
 * debaters' speeches and observer chat alike, on every endpoint. The native client is told with
 * a Korean refusal on its replies queue; legacy clients, which get no replies, are dropped silently.
 * The same kind of gate counts a viewer's stance changes (RATE_LIMIT_STANCE), so toggling cannot
 * flood a room's log.
 */
import type { RateLimiter } from '../../http/rate-limit.js';

export const CHAT_TOO_FAST = {
  code: 'CHAT_RATE_LIMITED',
  message: '메시지를 너무 빨리 보내고 있어요. 잠시 후 다시 보내 주세요.',
} as const;

export const STANCE_TOO_FAST = {
  code: 'STANCE_RATE_LIMITED',
  message: '입장을 너무 자주 바꾸고 있어요. 잠시 후 다시 골라 주세요.',
} as const;

/** Counts one chat message of `userId` in `roomId`; false when it is over the limit. */
export type ChatGate = (userId: number, roomId: string) => Promise<boolean>;

/** A per-user-per-room gate over a rate limiter (chat; presence and stance use one too). */
export function userRoomGate(limiter: RateLimiter): ChatGate {
  return async (userId, roomId) => (await limiter.take(`${userId}:${roomId}`)).allowed;
}
