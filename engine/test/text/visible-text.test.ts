import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripInvisible, visibleText } from '../../src/index.js';
import { cmd, given, history, oneOnOne, ROOM_ID, settings, T0, user } from '../support/dsl.js';

/** Every code point that reorders or hides text and must never survive into stored text. */
const BIDI_AND_INVISIBLE = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u034F',
  '\u3164',
  '\u115F',
  '\u1160',
  '\uFFA0',
  '\uFE0F',
  '\uFE00',
  '\u{E0100}',
  '\u{E0041}',
  '\u0000',
  '\u001B',
  '\u007F',
];
const EMOJI = ['👨‍👩‍👧', '❤️', '1️⃣', '🏳️‍🌈', '👍🏽', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🇰🇷'];

const anyText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 4 }),
      fc.constantFrom(...BIDI_AND_INVISIBLE, ...EMOJI, '가', 'abc', ' ', '\n', '\u2800'),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('visible text', () => {
  it('drops bidirectional controls, zero-width characters, fillers, CGJ, variation selectors and controls', () => {
    expect(visibleText('\u202E!dlrow olleh')).toBe('!dlrow olleh');
    expect(visibleText('안\u200B녕\u3164하\u034F세\uFE0F요\u0007')).toBe('안녕하세요');
    expect(visibleText('\u2066가나\u2069')).toBe('가나');
  });

  it('keeps emoji sequences whole, line breaks and tabs inside', () => {
    for (const emoji of EMOJI) expect(visibleText(`좋아요 ${emoji}`)).toBe(`좋아요 ${emoji}`);
    expect(visibleText('첫 줄\n둘째\t줄')).toBe('첫 줄\n둘째\t줄');
  });

  it('trims blanks at either end, the blank braille pattern included: only blanks is empty', () => {
    expect(visibleText(' \u2800 토론 \u2800\n')).toBe('토론');
    expect(visibleText('\u3164\u2800 \u115F')).toBe('');
  });

  it('property: no bidirectional control is ever left, stripping twice changes nothing, visible letters stay', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const out = visibleText(text);
        expect(out).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u);
        expect(visibleText(out)).toBe(out);
        expect(stripInvisible(stripInvisible(text))).toBe(stripInvisible(text));
        // Letters and digits that draw (the Hangul fillers are letters that draw nothing).
        const letters = (s: string) => s.replace(/[^\p{L}\p{N}]|\p{Default_Ignorable_Code_Point}/gu, '');
        expect(letters(out)).toBe(letters(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe('user text in the room', () => {
  it('a chat line cannot reorder its own display: the override is dropped before the event is stored', () => {
    given(history(...oneOnOne(), cmd.tick(T0 + 5000)))
      .when(cmd.speak(1, '\u202E요니합대반 \u2066', T0 + 6000))
      .then([{ type: 'Spoke', ...user(1), side: 'PRO', turnIndex: 0, text: '요니합대반' }]);
  });

  it('a message of nothing but fillers and blanks is empty', () => {
    given(history(...oneOnOne(), cmd.tick(T0 + 5000)))
      .when(cmd.speak(1, '\u3164\u2800\u200B', T0 + 6000))
      .thenRejects('EMPTY_MESSAGE');
  });

  it('room titles and descriptions keep only their visible text; an invisible title is refused', () => {
    given([])
      .when({ ...cmd.open({ title: '\u202E기본소득\u200B 도입', description: '\u2067설명\u2069' }), timeScale: 1 })
      .then([
        {
          type: 'RoomOpened',
          roomId: ROOM_ID,
          settings: { ...settings(), title: '기본소득 도입', description: '설명' },
          timeScale: 1,
          graceSeconds: 20,
        },
      ]);
    given([])
      .when(cmd.open({ title: '\u3164\u2800' }))
      .thenRejects('INVALID_SETTINGS');
  });
});
