import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../loadtest/metrics.js';
import { loadOptions } from '../../loadtest/options.js';

const histogramOf = (samples: readonly number[]) => {
  const h = new LatencyHistogram();
  for (const ms of samples) h.add(ms);
  return h;
};

describe('the load test pools the latencies of several rounds', () => {
  it('a pooled histogram answers every quantile as one histogram of all the samples would', () => {
    const runs = fc.array(fc.array(fc.double({ min: 0, max: 500, noNaN: true }), { maxLength: 60 }), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(runs, fc.double({ min: 0, max: 1, noNaN: true }), (samples, q) => {
        const pooled = LatencyHistogram.pooled(samples.map(histogramOf));
        const all = histogramOf(samples.flat());
        expect(pooled.count).toBe(all.count);
        expect(pooled.quantile(q)).toBe(all.quantile(q));
      }),
    );
  });

  it('a slow round weighs on the pooled p99 by its share of the samples, not by its own p99', () => {
    const quiet = histogramOf(Array.from({ length: 990 }, () => 2));
    const burst = histogramOf([...Array.from({ length: 5 }, () => 2), ...Array.from({ length: 5 }, () => 300)]);
    // Quantiles are the upper edges of 0.1 ms buckets.
    expect(burst.quantile(0.99)).toBe(300.1);
    expect(LatencyHistogram.pooled([quiet, burst]).quantile(0.99)).toBe(2.1);
    expect(quiet.count).toBe(990); // pooling leaves its inputs as they were
  });

  it('LOADTEST_ROUNDS and --rounds choose the rounds, 1 to 10, one by default', () => {
    expect(loadOptions({}, []).rounds).toBe(1);
    expect(loadOptions({ LOADTEST_ROUNDS: '3' }, []).rounds).toBe(3);
    expect(loadOptions({ LOADTEST_ROUNDS: '3' }, ['--rounds', '5']).rounds).toBe(5);
    expect(() => loadOptions({ LOADTEST_ROUNDS: '0' }, [])).toThrow();
    expect(() => loadOptions({}, ['--rounds=11'])).toThrow();
  });
});
