import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import { pgRefreshTokenStore } from '../auth/refresh-store.pg.js';
import { pgRoomHeadStore } from '../cluster/heads.pg.js';
import { pgNodeStore } from '../cluster/nodes.pg.js';
import { pgRoomEventStore, pgRoomStore } from '../debates/store.pg.js';
import { pgNewsListStore } from '../news/list-store.pg.js';
import { pgNewsStore } from '../news/store.pg.js';
import { pgNotificationStore } from '../notifications/store.pg.js';
import { pgPushOutboxStore } from '../notifications/outbox-store.pg.js';
import { pgPushSubscriptionStore } from '../notifications/subscription-store.pg.js';
import { pgSwingStore } from '../persuasion/store.pg.js';
import { pgRatingStore } from '../ranking/store.pg.js';
import { pgReportStore } from '../reports/store.pg.js';
import { pgFollowStore } from '../users/follow-store.pg.js';
import { pgImageStore } from '../users/image-store.pg.js';
import { pgUserStore } from '../users/store.pg.js';
import { openPostgres, type PgDb, type PgRole } from './postgres.js';
import { pgSecretStore } from './secrets.pg.js';
import type { Storage, Stores } from './storage.js';

/**
 * The stores on `db` (the pool or a transaction). List pages read committed rows through their own
 * pool (never inside a transaction: list-store.pg.ts); on the pool, the running rooms' appends go
 * through `appendsDb`, connections of their own.
 */
function pgStores(db: PgDb, listPool: pg.Pool, appendsDb?: PgDb): Stores {
  return {
    users: pgUserStore(db),
    follows: pgFollowStore(db),
    refreshTokens: pgRefreshTokenStore(db),
    news: pgNewsStore(db),
    newsLists: pgNewsListStore(listPool),
    notifications: pgNotificationStore(db),
    pushSubscriptions: pgPushSubscriptionStore(db),
    pushOutbox: pgPushOutboxStore(db),
    reports: pgReportStore(db),
    ratings: pgRatingStore(db),
    swings: pgSwingStore(db),
    roomEvents: pgRoomEventStore(db, appendsDb),
    rooms: pgRoomStore(db),
    roomHeads: pgRoomHeadStore(db),
  };
}

/**
 * PostgreSQL (DATABASE_URL): one pool for every store but the news lists (a small pool of their
 * own), transactions on one pooled connection each (READ COMMITTED; the stores lock or update
 * conditionally where a read decides a write),
 * and the shared secrets and uploads in tables, so any process can verify any token and serve
 * any image.
 */
export async function openPgStorage(url: string, logger: Logger, role: PgRole = 'server'): Promise<Storage> {
  const connection = await openPostgres(url, logger, role);
  const { db, listPool, appendsDb } = connection;
  return {
    engine: 'postgres',
    ...pgStores(db, listPool, appendsDb),
    secrets: pgSecretStore(db),
    images: pgImageStore(db),
    nodes: pgNodeStore(db, connection.heartbeatDb),
    transaction: (work) => db.transaction((tx) => work(pgStores(tx, listPool))),
    serialTransactions: false,
    exclusive: (task) => connection.exclusive(task),
    alone: (job, task) => connection.alone(job, task),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => connection.close(),
  };
}
