import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

/** One feed entry as the feed states it, before cleaning (see normalise.ts). */
export interface FeedEntry {
  title: string;
  link: string;
  /** Description, summary or content: may hold HTML. */
  html: string;
  published: string | undefined;
  /** From an enclosure or a media tag, when the feed names one. */
  imageUrl: string | undefined;
}

/** A document that is not well-formed RSS 2.0, RSS 1.0 or Atom. */
class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

const ARRAY_TAGS = new Set(['item', 'entry', 'link', 'enclosure', 'media:content', 'media:thumbnail', 'media:group']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: true,
  isArray: (name) => ARRAY_TAGS.has(name),
});

// A text element is a string, or an object when it has attributes (Atom's type="html").
const text = z
  .union([
    z.string(),
    z
      .object({ '#text': z.string().optional() })
      .loose()
      .transform((node) => node['#text'] ?? ''),
  ])
  .optional();
const mediaRef = z
  .object({ '@_url': z.string().optional(), '@_type': z.string().optional(), '@_medium': z.string().optional() })
  .loose();
const media = {
  enclosure: z.array(mediaRef).optional(),
  'media:content': z.array(mediaRef).optional(),
  'media:thumbnail': z.array(mediaRef).optional(),
  'media:group': z
    .array(
      z
        .object({ 'media:content': z.array(mediaRef).optional(), 'media:thumbnail': z.array(mediaRef).optional() })
        .loose(),
    )
    .optional(),
};
const atomLink = z
  .object({ '@_href': z.string().optional(), '@_rel': z.string().optional(), '@_type': z.string().optional() })
  .loose();

const rssItem = z
  .object({
    title: text,
    link: z.array(text).optional(),
    guid: text,
    description: text,
    'content:encoded': text,
    pubDate: text,
    'dc:date': text,
    ...media,
  })
  .loose();
const atomEntry = z
  .object({
    title: text,
    link: z.array(z.union([atomLink, z.string()])).optional(),
    summary: text,
    content: text,
    published: text,
    updated: text,
    ...media,
  })
  .loose();

const document = z
  .object({
    rss: z
      .object({ channel: z.object({ item: z.array(z.unknown()).optional() }).loose() })
      .loose()
      .optional(),
    'rdf:RDF': z
      .object({ item: z.array(z.unknown()).optional() })
      .loose()
      .optional(),
    feed: z
      .object({ entry: z.array(z.unknown()).optional() })
      .loose()
      .optional(),
  })
  .loose();

/**
 * Parses RSS 2.0, RSS 1.0 (RDF) or Atom XML into entries. Throws FeedParseError for XML that
 * is not well-formed or not a feed; entries too broken to read are left out.
 */
export function parseFeed(xml: string): FeedEntry[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedParseError(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = document.safeParse(parser.parse(xml));
  if (!doc.success) throw new FeedParseError('not an RSS or Atom document');
  const { rss, feed } = doc.data;
  const rdf = doc.data['rdf:RDF'];
  if (rss) return (rss.channel.item ?? []).flatMap((raw) => fromRss(raw));
  if (rdf) return (rdf.item ?? []).flatMap((raw) => fromRss(raw));
  if (feed) return (feed.entry ?? []).flatMap((raw) => fromAtom(raw));
  throw new FeedParseError('not an RSS or Atom document');
}

function fromRss(raw: unknown): FeedEntry[] {
  const item = rssItem.safeParse(raw);
  if (!item.success) return [];
  const { data } = item;
  const link = data.link?.find((l) => l) ?? (data.guid && /^https?:\/\//i.test(data.guid) ? data.guid : '');
  const html = longest(data['content:encoded'], data.description);
  return [
    { title: data.title ?? '', link, html, published: data.pubDate || data['dc:date'], imageUrl: mediaImage(data) },
  ];
}

function fromAtom(raw: unknown): FeedEntry[] {
  const entry = atomEntry.safeParse(raw);
  if (!entry.success) return [];
  const { data } = entry;
  const links = (data.link ?? []).map((l) => (typeof l === 'string' ? { '@_href': l } : l));
  const alternate = links.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate')?.['@_href'] ?? '';
  const enclosure = links.find((l) => l['@_rel'] === 'enclosure' && l['@_type']?.startsWith('image/'))?.['@_href'];
  const html = longest(data.content, data.summary);
  return [
    {
      title: data.title ?? '',
      link: alternate,
      html,
      published: data.published || data.updated,
      imageUrl: mediaImage(data) ?? enclosure,
    },
  ];
}

/** Feeds often carry both a short description and full content: the fuller text makes the better lead. */
function longest(...candidates: (string | undefined)[]): string {
  return candidates.reduce<string>((best, c) => (c && c.length > best.length ? c : best), '');
}

type MediaFields = { [K in keyof typeof media]?: z.infer<(typeof media)[K]> };

function mediaImage(item: MediaFields): string | undefined {
  const groups = item['media:group'] ?? [];
  const refs = [
    ...(item['media:content'] ?? []),
    ...groups.flatMap((g) => g['media:content'] ?? []),
    ...(item.enclosure ?? []),
    ...(item['media:thumbnail'] ?? []),
    ...groups.flatMap((g) => g['media:thumbnail'] ?? []),
  ];
  return refs.find((ref) => ref['@_url'] && isImage(ref))?.['@_url'];
}

function isImage(ref: z.infer<typeof mediaRef>): boolean {
  if (ref['@_medium']) return ref['@_medium'] === 'image';
  if (ref['@_type']) return ref['@_type'].startsWith('image/');
  return !/\.(mp3|mp4|m4a|webm|ogg|mov|pdf)(\?|$)/i.test(ref['@_url'] ?? '');
}
