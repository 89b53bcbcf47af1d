/**
 * Sends what waits in the push outbox. The node that made a notification sends its push at once
 * (`kick`); every node also looks every few seconds, so a push whose node stopped before sending
 * (or died while sending, once its hold lapsed) is sent by another. A claimed push is held by one
 * node only, so each goes out once.
 */
import type { Logger } from 'pino';
import type { PushOutboxStore } from './outbox-store.js';
import type { PushSender } from './push-sender.js';

/** Pushes claimed per round, and how long a claim holds before another node may send it. */
const BATCH = 50;
const HOLD_MS = 60_000;
const LOOK_EVERY_MS = 5_000;

export interface PushDrain {
  /** Sends what is waiting now; resolves when this round (or the one running) is done. */
  kick(): Promise<void>;
  /** Stops looking and waits for the round in flight. */
  stop(): Promise<void>;
}

/** Starts draining `outbox` through `push`. */
export function startPushDrain(outbox: PushOutboxStore, push: PushSender, logger: Logger): PushDrain {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let stopped = false;
  const round = async () => {
    for (let claimed = await outbox.claim(BATCH, HOLD_MS); claimed.length > 0;) {
      for (const { id, userId, ...message } of claimed) {
        await push.send(userId, message); // never throws: a failed delivery is logged and not retried
        await outbox.done(id);
      }
      claimed = stopped ? [] : await outbox.claim(BATCH, HOLD_MS);
    }
  };
  const kick = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      // One more round after this one, for what was queued meanwhile; every caller waits for it.
      queued ??= running.then(() => {
        queued = null;
        return kick();
      });
      return queued;
    }
    running = round()
      .catch((err: unknown) => logger.warn({ err }, 'push outbox not drained'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void kick(), LOOK_EVERY_MS);
  timer.unref();
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
