/**
 * Text people write (chat, room titles and descriptions, introductions) keeps only what it draws.
 *
 * Default-ignorable code points draw nothing: zero-width characters, the bidirectional controls
 * (U+202E makes a chat line reorder its own display), the Hangul fillers, the combining grapheme
 * joiner, variation selectors, tags. They go, and so do control characters other than line breaks
 * and tabs — except inside an emoji sequence, where the zero-width joiner, VS16, keycaps and tags are
 * what build the emoji (👨‍👩‍👧, ❤️, 1️⃣, 🏴󠁧󠁢󠁳󠁣󠁴󠁿). See docs/text-safety.md.
 */

// A base (a pictograph, a flag letter, a keycap digit), then what may follow it in the same emoji.
const EMOJI_BASE = String.raw`(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|[0-9#*])`;
const EMOJI_PART = String.raw`(?:[\uFE0F\u20E3\u{E0020}-\u{E007F}]|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic})`;
const EMOJI_SEQUENCE = `${EMOJI_BASE}${EMOJI_PART}*`;
const INVISIBLE = String.raw`(?![\n\t])[\p{Default_Ignorable_Code_Point}\p{Cc}]`;

/** An emoji sequence (kept whole) or one invisible character (dropped). */
const SCAN = new RegExp(`(${EMOJI_SEQUENCE})|${INVISIBLE}`, 'gu');
const INVISIBLE_ONE = new RegExp(INVISIBLE, 'u');

/** Blank at either end: white space and the blank braille pattern U+2800, which looks like a space. */
const EDGE_BLANKS = /^[\s\u2800]+|[\s\u2800]+$/gu;

/** The text without its invisible characters (emoji sequences stay whole). */
export function stripInvisible(text: string): string {
  if (!INVISIBLE_ONE.test(text)) return text;
  return text.replace(SCAN, (_match, emoji: string | undefined) => emoji ?? '');
}

/** The text without invisible characters and without blanks at either end; '' when nothing visible is left. */
export function visibleText(text: string): string {
  return stripInvisible(text).replace(EDGE_BLANKS, '');
}
