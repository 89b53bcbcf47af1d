import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { repoRoot } from '../config.js';

/** The drizzle handle every storage module receives (the database or a transaction on it). */
export type Db = BaseSQLiteDatabase<'sync', Database.RunResult>;

export type Database = { sqlite: Database.Database; db: Db; close: () => void };

/**
 * Migrations live in the package, found from the repository root (not the cwd), which holds from source and from the
 * build.
 */
const migrationsFolder = path.join(repoRoot, 'server', 'drizzle');

/**
 * Opens (or creates) the SQLite file in WAL mode with foreign keys on, and applies
 * every pending migration before anything else touches it.
 */
export function openDatabase(file: string): Database {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder });
  return { sqlite, db, close: () => sqlite.close() };
}
