import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openPgStorage } from './pg-storage.js';
import type { PgRole } from './postgres.js';
import { openSqliteStorage } from './sqlite-storage.js';
import type { Storage } from './storage.js';

/**
 * The configured database: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. A server
 * given REDIS_URL opens it as one node of several.
 */
export function openStorage(config: Config, logger: Logger, role: 'server' | 'tool' = 'server'): Promise<Storage> {
  const as: PgRole = role === 'server' && config.redisUrl !== undefined ? 'node' : role;
  if (config.databaseUrl) return openPgStorage(config.databaseUrl, logger, as);
  return Promise.resolve(openSqliteStorage(config.dataDir));
}
