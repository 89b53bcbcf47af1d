/**
 * The two storage engines every store and the main integration tests run on: SQLite (a file in a
 * temporary DATA_DIR) and PostgreSQL (a fresh database in the run's cluster, see pg-global-setup.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { openPgStorage } from '../../src/db/pg-storage.js';
import { openSqliteStorage } from '../../src/db/sqlite-storage.js';
import type { Storage } from '../../src/db/storage.js';
import type { UserRow } from '../../src/users/tables.js';
import { adminQuery, createDatabase, dropDatabase } from './pg-cluster.js';

export type Engine = 'sqlite' | 'postgres';
export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

export interface FreshDatabase {
  /** A temporary DATA_DIR (holds the SQLite file on SQLite; empty on PostgreSQL). */
  readonly dataDir: string;
  /** What the server's environment needs to use this database (DATA_DIR, DATABASE_URL). */
  readonly env: Record<string, string>;
  /** Removes the database (and the DATA_DIR). */
  drop(): Promise<void>;
}

/** An empty database of the engine, for a server or a storage to open. */
export async function freshDatabase(engine: Engine): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { dataDir, env: { DATA_DIR: dataDir }, drop: async () => removeDir() };
  const adminUrl = inject('pgAdminUrl');
  const url = await createDatabase(adminUrl);
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async drop() {
      await dropDatabase(adminUrl, url);
      removeDir();
    },
  };
}

export interface TestStorage {
  readonly storage: Storage;
  /** Empties every table (ids start over), much faster than a new database per property run. */
  reset(): Promise<void>;
  /** Closes the storage and drops its database. */
  close(): Promise<void>;
}

/** A storage on an existing test database, as a tool (no server lock); the caller closes it. */
export async function storageOn(database: FreshDatabase): Promise<Storage> {
  const url = database.env.DATABASE_URL;
  return url ? openPgStorage(url, pino({ level: 'silent' }), 'tool') : openSqliteStorage(database.dataDir);
}

/** A storage of the engine on a fresh database (as a tool: no server lock). */
export async function openTestStorage(engine: Engine): Promise<TestStorage> {
  const database = await freshDatabase(engine);
  const close = async (storage: Storage) => {
    await storage.close();
    await database.drop();
  };
  if (engine === 'sqlite') {
    const storage = openSqliteStorage(database.dataDir);
    const { sqlite } = storage.database;
    const tables = sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'" +
          " AND name NOT LIKE '%drizzle%'" +
          " AND name NOT LIKE 'news_fts%' AND name NOT LIKE 'news_grams%'",
      )
      .all()
      .map((t) => t.name);
    const empty = sqlite.transaction(() => {
      for (const table of tables) sqlite.exec(`DELETE FROM "${table}"`);
      // The gram index is contentless: emptied by its own command, never row by row.
      sqlite.exec("INSERT INTO news_grams(news_grams) VALUES ('delete-all')");
      sqlite.exec('DELETE FROM sqlite_sequence');
    });
    return {
      storage,
      reset: async () => {
        sqlite.pragma('foreign_keys = OFF');
        empty();
        sqlite.pragma('foreign_keys = ON');
      },
      close: () => close(storage),
    };
  }
  const url = database.env.DATABASE_URL!;
  const storage = await openPgStorage(url, pino({ level: 'silent' }), 'tool');
  const { rows } = await adminQuery(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
  const tables = rows.map((r: { tablename: string }) => `"${r.tablename}"`).join(', ');
  return {
    storage,
    reset: async () => void (await adminQuery(url, `TRUNCATE ${tables} RESTART IDENTITY CASCADE`)),
    close: () => close(storage),
  };
}

/**
 * Registers a storage of the engine for the enclosing describe: opened once, emptied before each
 * test, closed after the last. Returns a getter for it.
 */
export function useTestStorage(engine: Engine): () => Storage {
  let current: TestStorage | undefined;
  beforeAll(async () => {
    current = await openTestStorage(engine);
  });
  beforeEach(async () => {
    await current!.reset();
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => current!.storage;
}

let made = 0;
/** Inserts `count` members (unique identities and nicknames) and returns them. */
export async function insertMembers(storage: Storage, count: number): Promise<UserRow[]> {
  const rows: UserRow[] = [];
  for (let i = 0; i < count; i++) {
    made += 1;
    rows.push(
      await storage.users.insert({
        provider: 'google',
        subject: `member-${made}`,
        nickname: `회원${made}`,
        role: 'ROLE_MEMBER',
      }),
    );
  }
  return rows;
}
