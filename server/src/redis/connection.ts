/**
 * The node's link to Redis: one connection for commands (PUBLISH, scripts) and one dedicated to
 * SUBSCRIBE, so deliveries never queue behind commands. Redis holds only what may be lost, so:
 * at start an unreachable Redis is an error (the operator asked for it); later a lost connection
 * is retried with backoff and jitter, commands meanwhile fail at once instead of queueing (a stale
 * command replayed minutes later would be worse than a refusal), and once both connections are
 * back (subscriptions renewed first) the `restored` listeners run so each user can catch up.
 */
import { createClient } from 'redis';
import type { Logger } from 'pino';
import { StartupError } from '../startup-error.js';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisLink {
  /** PUBLISH, scripts and keys. */
  readonly commands: RedisClient;
  /** SUBSCRIBE only. */
  readonly subscriber: RedisClient;
  /** Whether both connections are up. */
  readonly up: boolean;
  /** Runs `listener` each time the link is back after a loss; returns the way to stop. */
  onRestored(listener: () => void): () => void;
  /** Closes both connections. */
  close(): Promise<void>;
}

/** Longest wait between reconnection attempts, jitter aside. */
const MAX_BACKOFF_MS = 1_000;
const CONNECT_TIMEOUT_MS = 3_000;

/** The message for an unreachable Redis at start: one line, naming the address without credentials. */
function unreachableText(url: string, cause: unknown): string {
  const { protocol, host } = new URL(url);
  const reason = cause instanceof Error ? cause.message : String(cause);
  return `REDIS_URL의 Redis(${protocol}//${host})에 연결할 수 없습니다: ${reason}. Redis가 실행 중인지, 주소와 비밀번호가 맞는지 확인하세요.`;
}

/** Connects both connections; a StartupError with a one-line reason when Redis cannot be reached now. */
export async function connectRedis(url: string, logger: Logger, name = 'toron'): Promise<RedisLink> {
  let started = false;
  let lost = false;
  const listeners = new Set<() => void>();
  const make = (role: string): RedisClient =>
    createClient({
      url,
      name: `${name}-${role}`,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: CONNECT_TIMEOUT_MS,
        reconnectStrategy: (retries, cause) =>
          started ? Math.min(2 ** retries * 50, MAX_BACKOFF_MS) + Math.floor(Math.random() * 200) : cause,
      },
    });
  const commands = make('commands');
  const subscriber = make('subscriber');
  const clients = [commands, subscriber];
  const markLost = () => {
    if (!started || lost) return;
    lost = true;
    logger.warn('Redis connection lost: retrying; live features across nodes wait for it');
  };
  const maybeRestored = () => {
    if (!lost || !clients.every((c) => c.isReady)) return;
    lost = false;
    logger.info('Redis connection restored');
    for (const listener of [...listeners]) listener();
  };
  for (const client of clients) {
    client.on('error', markLost); // without a listener node-redis would throw; the loss is logged once
    client.on('reconnecting', markLost);
    client.on('ready', maybeRestored);
  }
  try {
    await Promise.all(clients.map((c) => c.connect()));
  } catch (err) {
    for (const c of clients) c.destroy();
    throw new StartupError(unreachableText(url, err));
  }
  started = true;
  return {
    commands,
    subscriber,
    get up() {
      return clients.every((c) => c.isReady);
    },
    onRestored(listener) {
      const own = () => listener();
      listeners.add(own);
      return () => listeners.delete(own);
    },
    async close() {
      listeners.clear();
      // A connection that is down has nothing to flush: close would wait for it to come back.
      await Promise.all(
        clients.map(async (c) => {
          if (c.isReady) await c.close();
          else c.destroy();
        }),
      );
    },
  };
}
