import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { categorySchema, continentSchema, publisherSchema } from '../codes.js';

/** One RSS/Atom feed: a publisher's section, mapped to the region (and topic) its items get. */
const feedSourceSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  publisher: publisherSchema,
  continent: continentSchema,
  category: categorySchema.default('ETC'),
});
export type FeedSource = z.infer<typeof feedSourceSchema>;

const feedListSchema = z.array(feedSourceSchema);

/**
 * The publishers' own world/region section feeds. Where a publisher has one world feed only,
 * it is mapped to the region that section mostly covers. Offline they simply fail and are logged.
 */
const DEFAULT_FEEDS: readonly FeedSource[] = feedListSchema.parse([
  { url: 'https://rss.joins.com/joins_world_list.xml', publisher: 'JOONGANG', continent: 'AM' },
  { url: 'https://rss.joins.com/joins_news_list.xml', publisher: 'JOONGANG', continent: 'KR' },
  { url: 'https://www.hani.co.kr/rss/international/asiapacific/', publisher: 'HANI', continent: 'AS' },
  { url: 'https://www.hani.co.kr/rss/international/america/', publisher: 'HANI', continent: 'AM' },
  { url: 'https://www.hani.co.kr/rss/international/arabafrica/', publisher: 'HANI', continent: 'AF' },
  { url: 'https://www.hani.co.kr/rss/international/china/', publisher: 'HANI', continent: 'CN' },
  { url: 'https://www.hani.co.kr/rss/international/japan/', publisher: 'HANI', continent: 'JP' },
  { url: 'https://www.hani.co.kr/rss/international/europe/', publisher: 'HANI', continent: 'EU' },
  { url: 'https://www.hani.co.kr/rss/area/', publisher: 'HANI', continent: 'KR', category: 'SO' },
  { url: 'https://www.hankyung.com/feed/international', publisher: 'HANKYUNG', continent: 'AM', category: 'EC' },
  { url: 'https://www.hankyung.com/feed/economy', publisher: 'HANKYUNG', continent: 'KR', category: 'EC' },
  { url: 'https://www.hankookilbo.com/rss/world', publisher: 'HANKOOK', continent: 'AS' },
  { url: 'https://www.hankookilbo.com/rss/society', publisher: 'HANKOOK', continent: 'KR', category: 'SO' },
  { url: 'https://www.segye.com/Articles/RSSList/segye_international.xml', publisher: 'SEGYE', continent: 'EU' },
  {
    url: 'https://www.segye.com/Articles/RSSList/segye_local.xml',
    publisher: 'SEGYE',
    continent: 'KR',
    category: 'SO',
  },
]);

export interface IngestConfig {
  feeds: readonly FeedSource[];
  /** 0 turns the schedule off. */
  intervalMinutes: number;
  /** Per feed: connect, headers and body together. */
  timeoutMs: number;
}

const envSchema = z.object({
  NEWS_FEEDS: z.string().optional(),
  NEWS_FEEDS_FILE: z.string().optional(),
  NEWS_INGEST_INTERVAL_MINUTES: z.coerce.number().int().min(0).optional(),
  NEWS_FEED_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  VITEST: z.string().optional(),
});

/**
 * Reads the ingest settings once from the environment: NEWS_FEEDS (a JSON list) or
 * NEWS_FEEDS_FILE (a JSON file), else the defaults. The schedule is off under vitest
 * unless NEWS_INGEST_INTERVAL_MINUTES asks for it, so tests never reach out by themselves.
 */
export function readIngestConfig(env: Record<string, string | undefined> = process.env): IngestConfig {
  const parsed = envSchema.parse(env);
  const json = parsed.NEWS_FEEDS ?? (parsed.NEWS_FEEDS_FILE ? readFileSync(parsed.NEWS_FEEDS_FILE, 'utf8') : undefined);
  const feeds = json === undefined ? DEFAULT_FEEDS : feedListSchema.parse(JSON.parse(json));
  return {
    feeds,
    intervalMinutes: parsed.NEWS_INGEST_INTERVAL_MINUTES ?? (parsed.VITEST ? 0 : 30),
    timeoutMs: parsed.NEWS_FEED_TIMEOUT_MS,
  };
}
