/**
 * The RateLimiter across nodes: GCRA (generic cell rate algorithm) in one Lua script, so every
 * node counts against the same allowance with one round trip per action. Same rule as the
 * in-process limiter: a burst of `limit`, then one action per `windowMs / limit`. The clock is
 * Redis's own (TIME), so nodes' clocks never disagree about a key. Redis holds only what may be
 * lost: while it is unreachable the node counts in process (a per-node allowance rather than none
 * or a refusal of everyone), and a restarted Redis starts every key afresh.
 */
import type { RateRule } from '../config.js';
import { memoryRateLimiter, type RateLimiter, type RateVerdict } from '../http/rate-limit.js';
import type { RedisLink } from './connection.js';
import { luaScript } from './lua-script.js';

/**
 * KEYS[1] holds the key's theoretical arrival time in µs. ARGV: the emission interval and the
 * burst window (interval × limit), both in µs. Returns {1, 0} when allowed, {0, ms to wait} when not.
 * The time is written with %.0f: Lua's tostring would shorten a µs timestamp to 14 digits.
 */
const gcra = luaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local next_tat = tat + interval
local allow_at = next_tat - window
if now < allow_at then
  return {0, math.ceil((allow_at - now) / 1000)}
end
redis.call('SET', KEYS[1], string.format('%.0f', next_tat), 'PX', math.ceil((next_tat - now) / 1000))
return {1, 0}
`);

/**
 * A limiter for `rule` shared by every node on the link. `scope` names the rule (`chat`,
 * `sign-in`…) so that the same key (`user:7`) under two rules is counted apart.
 */
export function redisRateLimiter(link: RedisLink, scope: string, rule: RateRule): RateLimiter {
  const intervalUs = Math.max(1, Math.round((rule.windowMs * 1000) / rule.limit));
  const args = [intervalUs, intervalUs * rule.limit];
  const local = memoryRateLimiter(rule);
  return {
    async take(key) {
      if (!link.up) return local.take(key);
      let reply: unknown;
      try {
        reply = await gcra.run(link.commands, [`rl:${scope}:${key}`], args);
      } catch {
        return local.take(key); // lost meanwhile: the connection's own logging reports it once
      }
      return verdictOf(reply);
    },
  };
}

/** Makes the limiter of one rule under its scope (see redisRateLimiter). */
export type RateLimiterFactory = (scope: string, rule: RateRule) => RateLimiter;

/** Limiters shared by every node through Redis when the node has a link, else in process. */
export function rateLimiterFactory(link: RedisLink | null): RateLimiterFactory {
  return (scope, rule) => (link ? redisRateLimiter(link, scope, rule) : memoryRateLimiter(rule));
}

function verdictOf(reply: unknown): RateVerdict {
  const [allowed, waitMs] = Array.isArray(reply) ? reply.map(Number) : [];
  if (allowed === 1) return { allowed: true };
  return { allowed: false, retryAfterSec: Math.max(1, Math.ceil((waitMs ?? 1000) / 1000)) };
}
