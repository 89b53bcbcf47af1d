import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openStorage } from '../db/open-storage.js';
import { readIngestConfig } from '../news/ingest/feed-config.js';
import { ingestFeeds } from '../news/ingest/run-ingest.js';

// `pnpm --filter @toron/server run ingest`: one ingest run over the configured feeds
// (NEWS_FEEDS / NEWS_FEEDS_FILE or the defaults) into the configured database, then exit.
// Broken or unreachable feeds are logged and skipped; the exit code is 0 when the run completed.
const config = loadConfig();
const logger = pino({ level: config.logLevel });
const storage = await openStorage(config, logger, 'tool');
try {
  await ingestFeeds(storage.news, logger, readIngestConfig());
} finally {
  await storage.close();
}
