import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openPgStorage } from './pg-storage.js';
import type { PgRole } from './postgres.js';
import { openSqliteStorage } from './sqlite-storage.js';
import type { Storage } from './storage.js';

/** The configured database: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function openStorage(config: Config, logger: Logger, role: PgRole = 'server'): Promise<Storage> {
  if (config.databaseUrl) return openPgStorage(config.databaseUrl, logger, role);
  return Promise.resolve(openSqliteStorage(config.dataDir));
}
