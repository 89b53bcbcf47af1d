const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  middot: '·',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  ndash: '–',
  mdash: '—',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
  times: '×',
  hearts: '♥',
};

/** Decodes numeric and the common named HTML entities; unknown names stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Plain text of an HTML fragment: scripts, styles and comments dropped, tags turned into
 * spaces, entities decoded (twice-escaped feeds are common), whitespace collapsed.
 */
export function htmlToText(html: string): string {
  let text = decodeEntities(stripTags(html));
  // A feed that escaped its HTML once more leaves tags and entities after the first pass.
  if (/<\/?[a-z][^>]*>|&[#a-z0-9]+;/i.test(text)) text = decodeEntities(stripTags(text));
  return text.replace(/\s+/g, ' ').trim();
}

// Inline elements vanish without a gap ("<b>27개</b>국" stays one word); others become a space.
const INLINE = /^(a|abbr|b|bdi|bdo|cite|code|em|font|i|mark|q|s|small|span|strong|sub|sup|time|u)$/i;

function stripTags(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|iframe)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?([a-z][a-z0-9]*|!)[^>]*>/gi, (_, name: string) => (INLINE.test(name) ? '' : ' '));
}

/** The src of the first <img> in an HTML fragment, entities decoded. */
export function firstImageSrc(html: string): string | undefined {
  const src = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
  const value = src?.[1] ?? src?.[2] ?? src?.[3];
  return value ? decodeEntities(value) : undefined;
}

/** Lead length in characters (code points); the old crawler cut at 254. */
export const LEAD_MAX_CHARS = 250;
const LEAD_MIN_CHARS = 120;

/**
 * Cuts text to a lead of at most LEAD_MAX_CHARS characters: at the last sentence end when
 * there is one late enough, else at the last word boundary with an ellipsis.
 */
export function toLead(text: string, max = LEAD_MAX_CHARS): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join('');
  const min = chars.slice(0, Math.min(LEAD_MIN_CHARS, max)).join('').length;
  const sentenceEnd = Math.max(...[...head.matchAll(/[.!?。…](?=\s|["'”’)]|$)/g)].map((m) => m.index + 1), -1);
  if (sentenceEnd >= min) return head.slice(0, sentenceEnd);
  const space = head.lastIndexOf(' ', head.length - 1);
  const cut = space >= min ? head.slice(0, space) : chars.slice(0, max - 1).join('');
  return `${cut.trimEnd()}…`;
}
