import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { RateRule } from '../config.js';
import { TokenBucket } from '../stomp/token-bucket.js';
import type { AppEnv } from './context.js';
import { ApiError } from './envelope.js';

/** The answer to one counted action: allowed, or refused with a hint when to try again. */
export type RateVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSec: number };

/**
 * The one rate-limit mechanism of the server (chat, reports, nickname checks, sign-in, room
 * creation). Keys are opaque (`user:7`, `ip:1.2.3.4`, `7:<roomId>`). Asynchronous so that a
 * shared store (Redis) can replace the in-process one without touching the callers.
 */
export interface RateLimiter {
  /** Counts one action for `key` and says whether it is within the rule. */
  take(key: string): Promise<RateVerdict>;
}

type Entry = { bucket: TokenBucket; lastAt: number };

/**
 * In-process limiter: one token bucket per key holding `limit` tokens, refilled evenly over
 * `windowMs` (so a burst of `limit`, then `limit` per window). Keys idle for a whole window
 * (their bucket is full again) are forgotten, so memory follows the active keys only.
 */
export function memoryRateLimiter(rule: RateRule, now: () => number = Date.now): RateLimiter {
  const perSecond = (rule.limit * 1000) / rule.windowMs;
  const retryAfterSec = Math.max(1, Math.ceil(rule.windowMs / rule.limit / 1000));
  const entries = new Map<string, Entry>();
  let sweptAt = now();
  const sweep = (t: number) => {
    if (t - sweptAt < rule.windowMs) return;
    sweptAt = t;
    for (const [key, entry] of entries) if (t - entry.lastAt >= rule.windowMs) entries.delete(key);
  };
  return {
    take(key) {
      const t = now();
      sweep(t);
      const entry = entries.get(key) ?? { bucket: new TokenBucket(perSecond, rule.limit, t), lastAt: t };
      entries.set(key, entry);
      entry.lastAt = t;
      return Promise.resolve(entry.bucket.take(t) ? { allowed: true } : { allowed: false, retryAfterSec });
    },
  };
}

/** A window in Korean for refusal messages: 3초, 1분, 10분, 1시간. */
export function windowText(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}시간`;
  if (ms % 60_000 === 0) return `${ms / 60_000}분`;
  return `${Math.round(ms / 1000)}초`;
}

/** A 429 refusal in the envelope, with `Retry-After`. */
export function tooManyRequests(code: string, message: string, retryAfterSec: number): ApiError {
  return new ApiError(429, code, message, { 'Retry-After': String(retryAfterSec) });
}

/** Takes one action for `key`; throws the 429 refusal when over the rule. */
export async function enforce(limiter: RateLimiter, key: string, code: string, message: string): Promise<void> {
  const verdict = await limiter.take(key);
  if (!verdict.allowed) throw tooManyRequests(code, message, verdict.retryAfterSec);
}

/**
 * A per-user allowance under `limiter`: the returned function counts one action of the user and
 * throws the 429 refusal (`code`, Korean `message`, Retry-After) when the user is over it.
 */
export function userAllowance(limiter: RateLimiter, code: string, message: string): (userId: number) => Promise<void> {
  return (userId) => enforce(limiter, `user:${userId}`, code, message);
}

/**
 * The client's address: the socket peer, or with `trustProxy` the last X-Forwarded-For hop
 * (the one our own reverse proxy appended; earlier hops are the client's word).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  const forwarded = proxiedAddress(c.req.header('X-Forwarded-For'), trustProxy);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-memory requests (app.request) have no socket
  }
}

/** With `trustProxy`, the last hop of an X-Forwarded-For header (the one our own proxy appended); else null. */
export function proxiedAddress(forwardedFor: string | undefined, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  return forwardedFor?.split(',').at(-1)?.trim() || null;
}

/** Middleware: one action per request under `keyOf(c)`, refused with 429 `code`/`message` when over. */
export function limitRequests(
  limiter: RateLimiter,
  keyOf: (c: Context<AppEnv>) => string,
  code: string,
  message: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforce(limiter, keyOf(c), code, message);
    await next();
  };
}
