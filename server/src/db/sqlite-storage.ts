import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { sqliteRefreshTokenStore } from '../auth/refresh-store.sqlite.js';
import { sqliteRoomHeadStore } from '../cluster/heads.sqlite.js';
import { sqliteRoomEventStore, sqliteRoomStore } from '../debates/store.sqlite.js';
import { sqliteNewsListStore } from '../news/list-store.sqlite.js';
import { sqliteNewsStore } from '../news/store.sqlite.js';
import { sqliteNotificationStore } from '../notifications/store.sqlite.js';
import { sqlitePushOutboxStore } from '../notifications/outbox-store.sqlite.js';
import { sqlitePushSubscriptionStore } from '../notifications/subscription-store.sqlite.js';
import { sqliteSwingStore } from '../persuasion/store.sqlite.js';
import { sqliteRatingStore } from '../ranking/store.sqlite.js';
import { sqliteReportStore } from '../reports/store.sqlite.js';
import { sqliteFollowStore } from '../users/follow-store.sqlite.js';
import { fileImageStore } from '../users/image-store.js';
import { sqliteUserStore } from '../users/store.sqlite.js';
import { openDatabase, type Database } from './client.js';
import { ConnectionGate, transactionStatements } from './connection-gate.js';
import { fileSecretStore } from './secrets.js';
import type { Storage, Stores } from './storage.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

/** The SQLite storage, which also hands out its connection (tests that read the file directly). */
export type SqliteStorage = Storage & { readonly database: Database };

function sqliteStores({ db, sqlite }: Database): Stores {
  return {
    users: sqliteUserStore(db),
    follows: sqliteFollowStore(db),
    refreshTokens: sqliteRefreshTokenStore(db),
    news: sqliteNewsStore(db),
    newsLists: sqliteNewsListStore(sqlite),
    notifications: sqliteNotificationStore(db),
    pushSubscriptions: sqlitePushSubscriptionStore(db),
    pushOutbox: sqlitePushOutboxStore(db),
    reports: sqliteReportStore(db),
    ratings: sqliteRatingStore(db),
    swings: sqliteSwingStore(db),
    roomEvents: sqliteRoomEventStore(db),
    rooms: sqliteRoomStore(db),
    roomHeads: sqliteRoomHeadStore(db),
  };
}

/**
 * The embedded default: DATA_DIR/toron.db (WAL), secrets as files in DATA_DIR and uploads in
 * DATA_DIR/uploads. One connection serves everything; its gate keeps other callers out of an
 * open transaction (see connection-gate.ts).
 */
export function openSqliteStorage(dataDir: string): SqliteStorage {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'toron.db');
  const database = openDatabase(file);
  const { sqlite } = database;
  const checkpointer = startWalCheckpointer(sqlite, file);
  const inner = sqliteStores(database);
  const gate = new ConnectionGate();
  const statements = transactionStatements(sqlite);
  const guarded = Object.fromEntries(
    Object.entries(inner).map(([name, store]) => [name, gate.guard(store as object)]),
  ) as unknown as Stores;
  // An append outside a transaction is a transaction of its own: the head and every event, or nothing.
  const outer: Stores = {
    ...guarded,
    roomEvents: {
      ...guarded.roomEvents,
      append: (...args) => gate.transaction(statements, () => inner.roomEvents.append(...args)),
    },
  };
  return {
    engine: 'sqlite',
    ...outer,
    database,
    secrets: fileSecretStore(dataDir),
    images: fileImageStore(path.join(dataDir, 'uploads')),
    nodes: null,
    transaction: (work) => gate.transaction(statements, () => work(inner)),
    serialTransactions: true,
    exclusive: (task) => task(),
    alone: (_job, task) => task(), // one process per SQLite file
    ping: () => gate.call(async () => void database.db.get(sql`select 1`)),
    close: async () => {
      await checkpointer.stop();
      database.close();
    },
  };
}
