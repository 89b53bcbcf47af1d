import { loadConfig } from './config.js';
import { startServer } from './server.js';
import { startNewsIngestSchedule } from './news/ingest/schedule.js';

// Boot: read the environment once, start, and close cleanly on SIGINT/SIGTERM.
const config = loadConfig();
const running = await startServer(config);
const { logger } = running.deps;
logger.info(
  { url: config.publicUrl, dataDir: config.dataDir, demoOAuth: config.demoOAuth },
  `토론 서버가 ${config.publicUrl} 에서 실행 중입니다`,
);
startNewsIngestSchedule(running.deps); // every NEWS_INGEST_INTERVAL_MINUTES; 0 turns it off

/** A shutdown that has not finished by then is cut short, so the process always exits within 10 s. */
const SHUTDOWN_LIMIT_MS = 8_000;

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error({ signal }, 'shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  running.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
