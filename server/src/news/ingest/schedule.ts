import type { AppDeps } from '../../deps.js';
import { readIngestConfig } from './feed-config.js';
import { ingestFeeds } from './run-ingest.js';

/** The first run waits a little, so start-up (migrations, seed, listen) is never slowed. */
const FIRST_RUN_DELAY_MS = 15_000;

/**
 * Starts the feed ingest schedule: one run shortly after start, then every
 * NEWS_INGEST_INTERVAL_MINUTES (default 30; 0 = off, the default under vitest). A run still
 * going when the next is due is not doubled; the timers never keep the process alive.
 * Returns a stop function.
 */
export function startNewsIngestSchedule(
  deps: AppDeps,
  env: Record<string, string | undefined> = process.env,
): () => void {
  const { logger } = deps;
  const config = readIngestConfig(env);
  if (config.intervalMinutes === 0) {
    logger.info('news ingest schedule is off');
    return () => undefined;
  }
  const store = deps.storage.news;
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    // On several nodes each schedules the run; whichever finds another node's run going skips its own.
    deps.storage
      .alone('news-ingest', () => ingestFeeds(store, logger, config))
      .then((summary) => {
        if (summary === undefined) logger.info('news ingest skipped: another node is running it');
      })
      .catch((err: unknown) => logger.error({ err }, 'news ingest run failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, Math.min(FIRST_RUN_DELAY_MS, config.intervalMinutes * 60_000));
  const every = setInterval(run, config.intervalMinutes * 60_000);
  first.unref();
  every.unref();
  logger.info({ feeds: config.feeds.length, everyMinutes: config.intervalMinutes }, 'news ingest scheduled');
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
