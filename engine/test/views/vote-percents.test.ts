import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { votePercents } from '../../src/index.js';

describe('vote percentages', () => {
  it('are rounded and all zero without votes', () => {
    expect(votePercents({ agreeNumber: 2, disagreeNumber: 0, neutralNumber: 1 })).toEqual({
      pro: 67,
      con: 0,
      abstain: 33,
      total: 3,
    });
    expect(votePercents({ agreeNumber: 1, disagreeNumber: 1, neutralNumber: 1 })).toMatchObject({
      pro: 33,
      con: 33,
      abstain: 33,
    });
    expect(votePercents({ agreeNumber: 1, disagreeNumber: 7, neutralNumber: 0 })).toMatchObject({ pro: 13, con: 88 });
    expect(votePercents({ agreeNumber: 0, disagreeNumber: 0, neutralNumber: 0 })).toEqual({
      pro: 0,
      con: 0,
      abstain: 0,
      total: 0,
    });
  });
});

describe('vote percentages, for any tally', () => {
  it('stay within 0–100, count every ballot, and order like the counts', () => {
    const count = fc.nat({ max: 10_000 });
    fc.assert(
      fc.property(count, count, count, (agreeNumber, disagreeNumber, neutralNumber) => {
        const p = votePercents({ agreeNumber, disagreeNumber, neutralNumber });
        expect(p.total).toBe(agreeNumber + disagreeNumber + neutralNumber);
        for (const v of [p.pro, p.con, p.abstain]) expect(v).toBeGreaterThanOrEqual(0);
        for (const v of [p.pro, p.con, p.abstain]) expect(v).toBeLessThanOrEqual(100);
        if (agreeNumber > disagreeNumber) expect(p.pro).toBeGreaterThanOrEqual(p.con);
        if (disagreeNumber > agreeNumber) expect(p.con).toBeGreaterThanOrEqual(p.pro);
      }),
    );
  });
});
