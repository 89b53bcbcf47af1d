import type { Logger } from 'pino';

/**
 * Runs `run` every `intervalMinutes` (0 = never), first one interval after start. A run
 * still going when the next is due is not doubled. Returns a stop function; the timer does
 * not keep the process alive.
 */
export function scheduleIngest(intervalMinutes: number, run: () => Promise<unknown>, logger: Logger): () => void {
  if (intervalMinutes <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) => logger.error({ err: error }, 'news ingest run failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
