/**
 * How long a text is, for every limit a user sees (docs/product-rules.md#text-length): the number of its
 * code points. '가', 'a' and 😀 count one each, whereas JavaScript's `length` (and HTML's `maxlength`) counts
 * UTF-16 units and would make 😀 two. An emoji built from several code points (👨‍👩‍👧, a flag) counts each of them.
 */

/** The number of characters (code points) in `text`. */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** `text` cut to its first `max` characters (code points); a surrogate pair stays whole or goes. */
export function cutText(text: string, max: number): string {
  // A text of at most `max` UTF-16 units has at most `max` code points.
  if (text.length <= max) return text;
  let count = 0;
  let end = 0;
  for (const ch of text) {
    if (count >= max) break;
    count++;
    end += ch.length;
  }
  return text.slice(0, end);
}
