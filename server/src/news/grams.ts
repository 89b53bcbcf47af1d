/**
 * The one- and two-character grams of news text, as tokens of the `news_grams` index. A term of one
 * or two characters is a substring of a text exactly when its own gram is among the text's grams, so
 * the index answers those terms with the rows a LIKE scan would find. LIKE ignores ASCII case only,
 * so only ASCII letters are folded here. Each gram is coded as hex (6 digits per code point), so any
 * character, punctuation and spaces included, makes a plain ASCII token.
 */

/** Terms this short go to the gram index; longer ones to the trigram index. */
export const GRAM_MAX_CHARS = 2;

const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const hex = (char: string) => char.codePointAt(0)!.toString(16).padStart(6, '0');

/** The distinct grams of some texts (each text on its own: no pair spans two of them), as one document. */
export function gramDocument(...texts: string[]): string {
  const grams = new Set<string>();
  for (const text of texts) {
    const chars = [...foldAscii(text)].map(hex);
    chars.forEach((char, i) => {
      grams.add(char);
      if (i > 0) grams.add(chars[i - 1]! + char);
    });
  }
  return [...grams].join(' ');
}

/** The index query for a term of one or two characters. */
export function gramQuery(term: string): string {
  return [...foldAscii(term)].map(hex).join('');
}
