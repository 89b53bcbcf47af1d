/**
 * The limits counted per user per room: chat (RATE_LIMIT_CHAT, by default 5 messages per 3 s, for
 * debaters' speeches and observer chat alike, on every endpoint) and stance changes
 * (RATE_LIMIT_STANCE, so toggling cannot flood a room's log). They are counted in the memory of
 * the node that runs the room: every command for a room is applied there (another node forwards
 * it, saying what to count), so one count sees a user's lines through every node without a Redis
 * round trip per line; a room taken over starts with fresh counts. See docs/rate-limits.md.
 */
import type { RateRule } from '../config.js';
import { memoryRateLimiter, type RateLimiter } from '../http/rate-limit.js';

export const ROOM_LIMITS = ['chat', 'stance'] as const;
export type RoomLimit = (typeof ROOM_LIMITS)[number];

/** What a sender over a room limit is told (the native endpoint; legacy clients are dropped silently). */
export const ROOM_LIMIT_REFUSALS = {
  chat: { code: 'CHAT_RATE_LIMITED', message: '메시지를 너무 빨리 보내고 있어요. 잠시 후 다시 보내 주세요.' },
  stance: { code: 'STANCE_RATE_LIMITED', message: '입장을 너무 자주 바꾸고 있어요. 잠시 후 다시 골라 주세요.' },
} as const satisfies Record<RoomLimit, { code: string; message: string }>;

/** One action to count before a command runs: whose, under which limit. */
export interface Counted {
  readonly limit: RoomLimit;
  readonly userId: number;
}

/** Counts one action of `userId` in `roomId`; false when it is over the limit. */
export type UserRoomGate = (userId: number, roomId: string) => Promise<boolean>;

/** A per-user-per-room gate over a rate limiter (the room limits; presence uses one over the shared limiter). */
export function userRoomGate(limiter: RateLimiter): UserRoomGate {
  return async (userId, roomId) => (await limiter.take(`${userId}:${roomId}`)).allowed;
}

/** Counts `counted` in `roomId`; false when it is over its limit. */
export type RoomLimits = (counted: Counted, roomId: string) => Promise<boolean>;

/** This node's counts of the room limits, in process. */
export function roomLimits(rules: Readonly<Record<RoomLimit, RateRule>>): RoomLimits {
  const gates = {
    chat: userRoomGate(memoryRateLimiter(rules.chat)),
    stance: userRoomGate(memoryRateLimiter(rules.stance)),
  } satisfies Record<RoomLimit, UserRoomGate>;
  return (counted, roomId) => gates[counted.limit](counted.userId, roomId);
}
