/**
 * The little element tree satori lays out (the shape of a React element, without React): a box
 * with a style and children. Text goes in through `drawable`, so a card never draws a glyph our
 * font lacks as a blank box.
 */
export interface Element {
  readonly type: 'div' | 'span';
  readonly props: { readonly style: Style; readonly children?: Child | readonly Child[] };
}
export type Child = Element | string;
export type Style = Readonly<Record<string, string | number>>;

/** A flex box (satori lays out every box as flex). */
export const box = (style: Style, ...children: Child[]): Element => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** A run of text, made drawable. */
export const text = (style: Style, value: string): Element => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children: drawable(value) },
});

// Pictographs with their modifiers, joiners, selectors and flag letters: the card's font has none.
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3/gu;

/** Text as a card draws it: emoji left out, every run of white space one space. */
export function drawable(value: string): string {
  return value.replace(EMOJI, '').replace(/\s+/g, ' ').trim();
}

/** The palette of the web app (web/src/styles), so a card looks like the page it opens. */
export const COLORS = {
  ink: '#111827',
  muted: '#4b5563',
  paper: '#ffffff',
  surface: '#f8f6f2',
  line: '#e4e0d8',
  brand: '#1e3a8a',
  brandSoft: '#eaf0fb',
  pro: '#1d4ed8',
  proSoft: '#e8efff',
  con: '#c41d1d',
  conSoft: '#fdeded',
  neutral: '#57606a',
  neutralSoft: '#eef0f2',
} as const;
