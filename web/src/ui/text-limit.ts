import { cutText, textLength } from '@toron/engine';

/**
 * The value a field with a limit takes after an edit from `previous` to `next`, counting characters as the server
 * does (docs/product-rules.md#text-length). What fits is kept; of what was typed or pasted over the limit the rest is
 * dropped on a character boundary, never half of an emoji, and the text around it stays (as the browser's
 * `maxlength` would do, which counts UTF-16 units instead).
 */
export function keepWithin(previous: string, next: string, max: number): string {
  if (textLength(next) <= max) return next;
  const before = [...previous];
  const after = [...next];
  // The edit replaced the middle of `previous` by the middle of `next`: find the unchanged ends.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const room = max - head - tail;
  if (room < 0) return cutText(next, max);
  const typed = after.slice(head, after.length - tail).slice(0, room);
  return [...after.slice(0, head), ...typed, ...after.slice(after.length - tail)].join('');
}
