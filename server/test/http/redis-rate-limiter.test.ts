import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { RateRule } from '../../src/config.js';
import { connectRedis, type RedisLink } from '../../src/redis/connection.js';
import { redisRateLimiter } from '../../src/redis/rate-limiter.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { rateLimiterContract } from './rate-limiter.contract.js';

let redis: RedisServer;
const links: RedisLink[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()));
  await redis?.stop();
});

/** A limiter on its own link, as another node would have. */
async function nodeLimiter(rule: RateRule, scope: string) {
  const link = await connectRedis(redis.url, pino({ level: 'silent' }), 'limiter');
  links.push(link);
  return redisRateLimiter(link, scope, rule);
}

rateLimiterContract('redis', nodeLimiter, { peer: nodeLimiter });

it('redis: keys expire once their allowance is whole again; without Redis each node counts in process', async () => {
  const link = await connectRedis(redis.url, pino({ level: 'silent' }), 'limiter');
  links.push(link);
  const limiter = redisRateLimiter(link, 'expiry', { limit: 5, windowMs: 100_000 });
  await limiter.take('user:9');
  const ttl = await link.commands.pTTL('rl:expiry:user:9');
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(20_000); // one interval after a single action, not the whole window

  const scoped = redisRateLimiter(link, 'outage', { limit: 2, windowMs: 100_000 });
  await redis.halt();
  try {
    const during = [];
    for (let i = 0; i < 3; i++) during.push((await scoped.take('user:9')).allowed);
    expect(during).toEqual([true, true, false]);
  } finally {
    await redis.resume();
  }
  // A restarted Redis has no scripts and no keys: the script is loaded again and counting starts afresh there.
  await vi.waitFor(() => expect(link.up).toBe(true), { timeout: 20_000 });
  expect(await scoped.take('user:9')).toEqual({ allowed: true });
  expect(await link.commands.exists('rl:outage:user:9')).toBe(1);
});
