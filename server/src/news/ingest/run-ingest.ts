import type { Logger } from 'pino';
import type { NewsStore } from '../store.js';
import type { NewNewsRow } from '../tables.js';
import type { FeedSource, IngestConfig } from './feed-config.js';
import { fetchFeed } from './fetch-feed.js';
import { normaliseEntry } from './normalise.js';
import { parseFeed } from './parse-feed.js';

/** How many feeds are fetched at once: polite to publishers, quick enough for ~20 feeds. */
const PARALLEL_FEEDS = 4;

export interface IngestSummary {
  feeds: number;
  failedFeeds: number;
  /** Entries read from the feeds that parsed. */
  entries: number;
  inserted: number;
  /** Entries already stored (same canonical link) or without a usable title or link. */
  skipped: number;
}

type FeedResult = { feed: FeedSource; rows: NewNewsRow[]; entries: number } | undefined;

/**
 * One ingest run over every configured feed. A feed that is unreachable, times out,
 * answers an error or is not a well-formed feed is logged and skipped; the run always
 * completes. Rows are stored in feed-list order, so when two feeds carry the same article
 * the first listed feed decides its region.
 */
export async function ingestFeeds(
  store: NewsStore,
  logger: Logger,
  config: Pick<IngestConfig, 'feeds' | 'timeoutMs'>,
  now: () => number = Date.now,
): Promise<IngestSummary> {
  const results = new Array<FeedResult>(config.feeds.length);
  let next = 0;
  const worker = async () => {
    while (next < config.feeds.length) {
      const index = next++;
      results[index] = await readFeed(config.feeds[index]!, config.timeoutMs, logger, now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FEEDS, config.feeds.length) }, worker));

  const summary: IngestSummary = { feeds: config.feeds.length, failedFeeds: 0, entries: 0, inserted: 0, skipped: 0 };
  for (const result of results) {
    if (!result) {
      summary.failedFeeds += 1;
      continue;
    }
    const inserted = await store.insertMany(result.rows);
    summary.entries += result.entries;
    summary.inserted += inserted;
    summary.skipped += result.entries - inserted;
    logger.info({ feed: result.feed.url, entries: result.entries, inserted }, 'news feed ingested');
  }
  logger.info(summary, 'news ingest finished');
  return summary;
}

async function readFeed(feed: FeedSource, timeoutMs: number, logger: Logger, now: () => number): Promise<FeedResult> {
  try {
    const entries = parseFeed(await fetchFeed(feed.url, timeoutMs));
    const fetchedAt = now();
    const rows = entries.flatMap((entry) => normaliseEntry(entry, feed, fetchedAt) ?? []);
    return { feed, rows, entries: entries.length };
  } catch (error) {
    logger.warn({ feed: feed.url, err: error instanceof Error ? error.message : String(error) }, 'news feed skipped');
    return undefined;
  }
}
