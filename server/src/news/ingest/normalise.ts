import type { NewNewsRow } from '../tables.js';
import { canonicalLink, cleanLink } from './canonical-link.js';
import type { FeedSource } from './feed-config.js';
import { firstImageSrc, htmlToText, toLead } from './html-text.js';
import type { FeedEntry } from './parse-feed.js';

const TITLE_MAX_CHARS = 300;

/**
 * Turns a feed entry into a news row: plain-text title and lead, cleaned link and its
 * canonical key, an absolute http(s) image or none, publisher/region/topic from the feed.
 * Returns undefined for an entry without a usable title or link.
 */
export function normaliseEntry(entry: FeedEntry, feed: FeedSource, now: number): NewNewsRow | undefined {
  const title = [...htmlToText(entry.title)].slice(0, TITLE_MAX_CHARS).join('');
  const link = entry.link.trim() ? cleanLink(entry.link, feed.url) : undefined;
  if (!title || !link) return undefined;
  const image = entry.imageUrl ?? firstImageSrc(entry.html);
  const imgUrl = image ? cleanImage(image, link.href) : undefined;
  return {
    title,
    content: toLead(htmlToText(entry.html)),
    link: link.href,
    canonicalLink: canonicalLink(link),
    imgUrl: imgUrl ?? null,
    newsType: feed.publisher,
    continent: feed.continent,
    category: feed.category,
    deliveryTime: publishedAt(entry.published, now),
    createdAt: now,
  };
}

function cleanImage(raw: string, base: string): string | undefined {
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Publication time in epoch ms. RFC 822 and ISO dates are read as written; a bare
 * "YYYY-MM-DD HH:mm[:ss]" (common in Korean feeds) is taken as Korea time. A missing,
 * unreadable or future date becomes the fetch time.
 */
export function publishedAt(raw: string | undefined, now: number): number {
  if (!raw) return now;
  const bare = /^(\d{4})[-./](\d{2})[-./](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(raw.trim());
  const time = bare
    ? Date.parse(`${bare[1]}-${bare[2]}-${bare[3]}T${bare[4]}:${bare[5]}:${bare[6] ?? '00'}+09:00`)
    : Date.parse(raw.trim());
  return Number.isFinite(time) && time <= now ? time : now;
}
