import { expect, it } from 'vitest';
import { memoryRateLimiter } from '../../src/http/rate-limit.js';
import { rateLimiterContract } from './rate-limiter.contract.js';

rateLimiterContract('in-process', (rule) => memoryRateLimiter(rule));

it('in-process: refills on the injected clock and forgets keys idle for a window', async () => {
  let now = 0;
  const limiter = memoryRateLimiter({ limit: 2, windowMs: 1_000 }, () => now);
  expect((await limiter.take('k')).allowed).toBe(true);
  expect((await limiter.take('k')).allowed).toBe(true);
  expect(await limiter.take('k')).toEqual({ allowed: false, retryAfterSec: 1 });
  now += 500;
  expect((await limiter.take('k')).allowed).toBe(true);
  expect((await limiter.take('k')).allowed).toBe(false);
  now += 1_000; // a full window idle: the key starts again with a full burst
  expect((await limiter.take('k')).allowed).toBe(true);
  expect((await limiter.take('k')).allowed).toBe(true);
});
