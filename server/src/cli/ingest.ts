import { loadConfig } from '../config.js';
import { createDeps } from '../deps.js';
import { readIngestConfig } from '../news/ingest/feed-config.js';
import { ingestFeeds } from '../news/ingest/run-ingest.js';
import { createNewsStore } from '../news/store.js';

// `pnpm --filter @toron/server run ingest`: one ingest run over the configured feeds
// (NEWS_FEEDS / NEWS_FEEDS_FILE or the defaults) into DATA_DIR's database, then exit.
// Broken or unreachable feeds are logged and skipped; the exit code is 0 when the run completed.
const deps = createDeps(loadConfig());
try {
  await ingestFeeds(createNewsStore(deps.db), deps.logger, readIngestConfig());
} finally {
  deps.database.close();
}
