import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText, MAX_TITLE_LENGTH, roomSettingsSchema, textLength } from '../../src/index.js';
import { settings as defaultSettings } from '../support/dsl.js';

/** Text as people type it, and worse: Hangul, ASCII, emoji (some built of several code points), lone surrogates. */
const piece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 3 }),
  fc.constantFrom('가', '한', 'a', ' ', '😀', '👍🏽', '👨‍👩‍👧', '🇰🇷', '❤️', '1️⃣', '𠮷'),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
);
const text = fc.array(piece, { maxLength: 20 }).map((pieces) => pieces.join(''));
const max = fc.nat({ max: 40 });

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

describe('text length (docs/product-rules.md#text-length)', () => {
  it('counts code points: an emoji is one, an emoji sequence one per code point, a lone surrogate one', () => {
    expect(textLength('')).toBe(0);
    expect(textLength('가나다')).toBe(3);
    expect(textLength('😀')).toBe(1);
    expect(textLength('😀'.repeat(MAX_TITLE_LENGTH))).toBe(MAX_TITLE_LENGTH);
    expect(textLength('👨‍👩‍👧')).toBe(5);
    expect(textLength('\uD83D')).toBe(1);
    fc.assert(fc.property(text, (s) => textLength(s) === [...s].length));
  });

  it('cuts to at most max characters, keeps what fits, never splits a surrogate pair', () => {
    fc.assert(
      fc.property(text, max, (s, n) => {
        const cut = cutText(s, n);
        expect(s.startsWith(cut)).toBe(true);
        expect(textLength(cut)).toBe(Math.min(n, textLength(s)));
        expect([...cut]).toEqual([...s].slice(0, n));
        // The cut never falls between the two halves of one character.
        expect(cut.length > 0 && isHigh(s.charCodeAt(cut.length - 1)) && isLow(s.charCodeAt(cut.length))).toBe(false);
      }),
    );
  });

  it('leaves a text within the limit as it is', () => {
    fc.assert(
      fc.property(text, max, (s, n) => {
        fc.pre(textLength(s) <= n);
        expect(cutText(s, n)).toBe(s);
      }),
    );
    expect(cutText(`${'가'.repeat(29)}😀`, 30)).toBe(`${'가'.repeat(29)}😀`);
    expect(cutText(`${'가'.repeat(29)}😀😀`, 30)).toBe(`${'가'.repeat(29)}😀`);
  });

  it('takes a room title and description of the limit in emoji, and refuses one more', () => {
    const settings = (title: string) => roomSettingsSchema.safeParse(defaultSettings({ title, description: title }));
    expect(settings('😀'.repeat(MAX_TITLE_LENGTH)).success).toBe(true);
    expect(settings('😀'.repeat(MAX_TITLE_LENGTH + 1)).success).toBe(false);
  });
});
