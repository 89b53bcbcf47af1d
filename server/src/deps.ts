import { pino, type Logger } from 'pino';
import { loadJwtSecret } from './auth/secret.js';
import type { SessionConfig } from './auth/sessions.js';
import type { Config } from './config.js';
import { openStorage } from './db/open-storage.js';
import type { Storage } from './db/storage.js';
import { roomLimits } from './debates/room-limits.js';
import { createDebateRuntime, type DebateRuntime } from './debates/runtime.js';
import { roomNode } from './cluster/index.js';
import type { RoomNode } from './cluster/room-node.js';
import { connectRedis, type RedisLink } from './redis/connection.js';
import { createEventBus, type EventBus } from './events.js';
import { rateLimiterFactory, type RateLimiterFactory } from './redis/rate-limiter.js';
import { eventsAcrossNodes } from './realtime/events-across-nodes.js';
import { createPubSub } from './realtime/shared-pubsub.js';
import { createGuards, type Guards } from './http/auth.js';
import { socketLimits, type SocketLimits } from './realtime/socket-limits.js';
import { createNotificationService, type NotificationService } from './notifications/service.js';

/** Everything a feature router needs, created once per app. */
export type AppDeps = {
  config: Config;
  logger: Logger;
  /** Every store of every feature: SQLite in DATA_DIR by default, PostgreSQL with DATABASE_URL. */
  storage: Storage;
  sessions: SessionConfig;
  guards: Guards;
  events: EventBus;
  /** Stored + live + Web Push notifications, shared by every feature that notifies. */
  notifications: NotificationService;
  /** The live debate rooms and the PubSub they publish on, shared by the debate routes and STOMP endpoints. */
  debates: DebateRuntime;
  /** Connection counts, the outbound budget and pings, shared by every STOMP endpoint. */
  sockets: SocketLimits;
  /** The node's link to Redis when it runs in a cluster (REDIS_URL), else null: nothing uses Redis. */
  redis: RedisLink | null;
  /** The limiter of one rate rule, counted across nodes when there is Redis. */
  rateLimiter: RateLimiterFactory;
  /** Which rooms this node runs: all of them alone, its own and those it takes over in a cluster. */
  roomNode: RoomNode;
};

/**
 * Opens and migrates the configured database, loads (or generates) the JWT secret and wires the
 * shared services. A database or Redis problem the operator can fix is a StartupError.
 */
export async function createDeps(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<AppDeps> {
  // A wrong Redis address is found at start, not when the first node-to-node message fails.
  const redis = config.redisUrl === undefined ? null : await connectRedis(config.redisUrl, logger, config.nodeId);
  const storage = await openStorage(config, logger).catch(async (err: unknown) => {
    await redis?.close();
    throw err;
  });
  const secret = await loadJwtSecret(storage.secrets, config.jwtSecret);
  const local = createEventBus((err, name) => logger.error({ err, event: name }, 'domain event listener failed'));
  const onHandlerError = (err: unknown, topic: string) => logger.error({ err, topic }, 'cluster event handler failed');
  const events = redis ? eventsAcrossNodes(local, createPubSub(redis, onHandlerError), config.nodeId, logger) : local;
  const debates = createDebateRuntime({
    storage,
    logger,
    redis,
    nodeId: config.nodeId,
    limits: roomLimits(config.rateLimits),
  });
  return {
    config,
    logger,
    storage,
    sessions: {
      storage,
      secret,
      accessTtlSec: config.accessTokenTtlSec,
      refreshTtlSec: config.refreshTokenTtlSec,
    },
    guards: createGuards(storage, secret),
    events,
    notifications: await createNotificationService({ config, storage, logger, rooms: debates.directory }),
    debates,
    sockets: socketLimits(config),
    redis,
    rateLimiter: rateLimiterFactory(redis),
    roomNode: roomNode(config, storage, debates.directory, redis ? debates.pubsub : null, logger),
  };
}
