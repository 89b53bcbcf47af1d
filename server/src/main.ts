import { loadConfig, type Config } from './config.js';
import { startServer, type RunningServer } from './server.js';
import { startNewsIngestSchedule } from './news/ingest/schedule.js';
import { StartupError } from './startup-error.js';

// Boot: read the environment once, start, and close cleanly on SIGINT/SIGTERM. A problem the
// operator can fix (a bad setting, an unreachable database) is one line on stderr, no stack trace.
let config: Config;
let running: RunningServer;
try {
  config = loadConfig();
  running = await startServer(config);
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  console.error(`토론 서버를 시작할 수 없습니다: ${err.message}`);
  process.exit(1);
}
const { logger } = running.deps;
logger.info(
  { url: config.publicUrl, database: running.deps.storage.engine, demoOAuth: config.demoOAuth },
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
