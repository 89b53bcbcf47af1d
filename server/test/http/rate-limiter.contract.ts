/**
 * The RateLimiter contract (a burst of `limit`, then one action per `windowMs / limit`, keys and
 * rules counted apart, a Retry-After hint). Every implementation runs it: in process and Redis.
 * Rules are chosen so that refusals never depend on how fast a loaded machine runs the test:
 * refusal checks use slow refills (one action per 20 s), refill checks wait for a condition.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RateRule } from '../../src/config.js';
import type { RateLimiter } from '../../src/http/rate-limit.js';

/** A limiter for `rule`, named `scope` (a shared store counts per scope and key). */
export type MakeLimiter = (rule: RateRule, scope: string) => RateLimiter | Promise<RateLimiter>;

export interface RateLimiterContractOptions {
  /** A limiter of another node sharing the store, when the implementation has one. */
  readonly peer?: MakeLimiter;
}

const slow: RateRule = { limit: 5, windowMs: 100_000 }; // one action per 20 s after the burst
let scopes = 0;
/** A fresh scope per test, so tests never share counts in a shared store. */
const scope = () => `contract-${process.pid}-${Date.now()}-${scopes++}`;

async function takeMany(limiter: RateLimiter, key: string, n: number) {
  const verdicts = [];
  for (let i = 0; i < n; i++) verdicts.push(await limiter.take(key));
  return verdicts;
}

/** Defines the contract suite for one RateLimiter implementation. */
export function rateLimiterContract(name: string, make: MakeLimiter, options: RateLimiterContractOptions = {}): void {
  describe(`RateLimiter contract: ${name}`, () => {
    it('allows a burst of `limit`, then refuses with a Retry-After of at most one refill', async () => {
      const limiter = await make(slow, scope());
      const verdicts = await takeMany(limiter, 'user:7', 7);
      expect(verdicts.slice(0, 5)).toEqual(Array(5).fill({ allowed: true }));
      for (const verdict of verdicts.slice(5)) {
        expect(verdict.allowed).toBe(false);
        const retry = verdict.allowed ? 0 : verdict.retryAfterSec;
        expect(retry).toBeGreaterThanOrEqual(1);
        expect(retry).toBeLessThanOrEqual(20);
      }
    });

    it('counts keys apart and rules (scopes) apart', async () => {
      const shared = scope();
      const limiter = await make(slow, shared);
      await takeMany(limiter, 'user:1', 5);
      expect((await limiter.take('user:1')).allowed).toBe(false);
      expect((await limiter.take('user:2')).allowed).toBe(true);
      expect((await limiter.take('ip:127.0.0.1')).allowed).toBe(true);
      const otherRule = await make(slow, scope());
      expect((await otherRule.take('user:1')).allowed).toBe(true);
    });

    it('counts concurrent actions exactly (no lost updates)', async () => {
      const limiter = await make(slow, scope());
      const verdicts = await Promise.all(Array.from({ length: 20 }, () => limiter.take('user:3')));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    });

    it('refills evenly over the window: one more action per refill, not a new burst', async () => {
      const limiter = await make({ limit: 2, windowMs: 3_000 }, scope()); // one action per 1.5 s
      await takeMany(limiter, 'user:4', 2);
      expect((await limiter.take('user:4')).allowed).toBe(false);
      // Refused takes count nothing, so polling waits for the first refill.
      await vi.waitFor(async () => expect((await limiter.take('user:4')).allowed).toBe(true), {
        timeout: 15_000,
        interval: 100,
      });
      const next = await limiter.take('user:4');
      expect(next.allowed).toBe(false);
      expect(next.allowed ? 0 : next.retryAfterSec).toBeLessThanOrEqual(2);
    });

    const peer = options.peer;
    if (peer) {
      it('counts one allowance across nodes sharing the store', async () => {
        const shared = scope();
        const nodes = [await make(slow, shared), await peer(slow, shared), await peer(slow, shared)];
        const verdicts = [];
        for (let i = 0; i < 9; i++) verdicts.push(await nodes[i % 3]!.take('user:5'));
        expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, true, true, false, false, false, false]);
      });
    }
  });
}
