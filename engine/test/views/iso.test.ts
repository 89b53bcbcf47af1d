import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoString } from '../../src/index.js';

describe('isoString', () => {
  it('matches Date#toISOString for every millisecond of years 1970–9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoString(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('handles leap days and year ends', () => {
    for (const text of [
      '2024-02-29T23:59:59.999Z',
      '2000-03-01T00:00:00.000Z',
      '1999-12-31T23:59:59.999Z',
      '2100-02-28T12:00:00.001Z',
    ]) {
      expect(isoString(Date.parse(text))).toBe(text);
    }
  });
});
