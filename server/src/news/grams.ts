/**
 * The one- and two-character grams of news text: what both engines index for search. A term of one
 * or two characters is a substring of a text exactly when it is among the text's grams, so an index
 * of grams answers those terms with the rows a LIKE scan would find; a longer term can only be in
 * texts holding all of its pairs, so the same index narrows it down to a few candidates. LIKE
 * ignores ASCII case only, so only ASCII letters are folded here.
 */

/** Terms this short are answered by their gram alone (no text check). */
export const GRAM_MAX_CHARS = 2;

/** Folds ASCII letters only, as SQLite's LIKE compares them. */
export const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** The distinct grams of some texts (each text on its own: no pair spans two of them). */
export function gramsOf(...texts: string[]): Set<string> {
  const grams = new Set<string>();
  for (const text of texts) {
    const chars = [...foldAscii(text)];
    chars.forEach((char, i) => {
      grams.add(char);
      if (i > 0) grams.add(chars[i - 1]! + char);
    });
  }
  return grams;
}

/** The grams a text must hold to contain `term`: the term itself when short, else its distinct pairs. */
export function termGrams(term: string): string[] {
  const chars = [...foldAscii(term)];
  if (chars.length <= GRAM_MAX_CHARS) return [chars.join('')];
  return [...new Set(chars.slice(1).map((char, i) => chars[i]! + char))];
}

// SQLite's index is an FTS5 table with the ascii tokenizer: each gram becomes a hex token (6 digits
// per code point), so any character, punctuation and spaces included, makes a plain ASCII token.
const hex = (gram: string) => [...gram].map((char) => char.codePointAt(0)!.toString(16).padStart(6, '0')).join('');

/** The grams of some texts as one document of SQLite's gram index. */
export function gramDocument(...texts: string[]): string {
  return [...gramsOf(...texts)].map(hex).join(' ');
}

/** SQLite's gram index query for a term of one or two characters. */
export function gramQuery(term: string): string {
  return hex(foldAscii(term));
}
