import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import { loadJwtSecret } from './auth/secret.js';
import type { SessionConfig } from './auth/sessions.js';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { createDebateRuntime, type DebateRuntime } from './debates/runtime.js';
import { createEventBus, type EventBus } from './events.js';
import { createGuards, type Guards } from './http/auth.js';
import { socketLimits, type SocketLimits } from './realtime/socket-limits.js';
import { createNotificationService, type NotificationService } from './notifications/service.js';

/** Everything a feature router needs, created once per app. */
export type AppDeps = {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  sessions: SessionConfig;
  guards: Guards;
  events: EventBus;
  uploadsDir: string;
  /** Stored + live + Web Push notifications, shared by every feature that notifies. */
  notifications: NotificationService;
  /** The live debate rooms and the PubSub they publish on, shared by the debate routes and STOMP endpoints. */
  debates: DebateRuntime;
  /** Connection counts, the outbound budget and pings, shared by every STOMP endpoint. */
  sockets: SocketLimits;
};

/**
 * Prepares the data directory (database file, uploads, JWT secret), opens and migrates
 * the database and wires the shared services.
 */
export function createDeps(config: Config, logger: Logger = pino({ level: config.logLevel })): AppDeps {
  mkdirSync(config.dataDir, { recursive: true });
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const database = openDatabase(path.join(config.dataDir, 'toron.db'));
  const secret = loadJwtSecret(config.dataDir, config.jwtSecret);
  const events = createEventBus((err, name) => logger.error({ err, event: name }, 'domain event listener failed'));
  return {
    config,
    logger,
    database,
    db: database.db,
    sessions: {
      db: database.db,
      secret,
      accessTtlSec: config.accessTokenTtlSec,
      refreshTtlSec: config.refreshTokenTtlSec,
    },
    guards: createGuards(database.db, secret),
    events,
    uploadsDir,
    notifications: createNotificationService({ config, db: database.db, logger, events }),
    debates: createDebateRuntime({ db: database.db, events, logger }),
    sockets: socketLimits(config),
  };
}
