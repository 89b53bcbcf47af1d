import type { RefreshTokenStore } from '../auth/refresh-store.js';
import type { RoomHeadStore } from '../cluster/heads.js';
import type { NodeStore } from '../cluster/nodes.js';
import type { RoomEventStore, RoomStore } from '../debates/store.js';
import type { NewsListStore } from '../news/list-store.js';
import type { NewsStore } from '../news/store.js';
import type { NotificationStore } from '../notifications/store.js';
import type { SwingStore } from '../persuasion/store.js';
import type { PushOutboxStore } from '../notifications/outbox-store.js';
import type { PushSubscriptionStore } from '../notifications/subscription-store.js';
import type { RatingStore } from '../ranking/store.js';
import type { ReportStore } from '../reports/store.js';
import type { FollowStore } from '../users/follow-store.js';
import type { ImageStore } from '../users/image-store.js';
import type { UserStore } from '../users/store.js';
import type { SecretStore } from './secrets.js';

/**
 * Every feature's store, bound to the database or to one transaction on it. Each store is an
 * async interface with a SQLite and a PostgreSQL implementation (`store.sqlite.ts` and
 * `store.pg.ts` beside the feature's `store.ts`); only those hold SQL.
 */
/** Jobs every node schedules, run by one process at a time. */
export type SingletonJob = 'news-ingest';

export interface Stores {
  readonly users: UserStore;
  readonly follows: FollowStore;
  readonly refreshTokens: RefreshTokenStore;
  readonly news: NewsStore;
  readonly newsLists: NewsListStore;
  readonly notifications: NotificationStore;
  readonly pushSubscriptions: PushSubscriptionStore;
  readonly pushOutbox: PushOutboxStore;
  readonly reports: ReportStore;
  readonly ratings: RatingStore;
  readonly swings: SwingStore;
  readonly roomEvents: RoomEventStore;
  readonly rooms: RoomStore;
  readonly roomHeads: RoomHeadStore;
}

/** The server's database: SQLite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
export interface Storage extends Stores {
  readonly engine: 'sqlite' | 'postgres';
  readonly secrets: SecretStore;
  readonly images: ImageStore;
  /** Node liveness and orphan claims, on PostgreSQL (which several nodes may share); null on SQLite. */
  readonly nodes: NodeStore | null;
  /**
   * Runs `work` in one transaction: everything it does through `tx` commits when it resolves and
   * rolls back when it throws. `work` must use only `tx` (never the storage itself) until it ends.
   */
  transaction<T>(work: (tx: Stores) => Promise<T>): Promise<T>;
  /** Whether transactions already run one after another (SQLite's one connection), not side by side. */
  readonly serialTransactions: boolean;
  /** Runs `task` while no other server process runs one on the same database (start-up seeding). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` unless another process sharing the database runs the same job now, in which case
   * it is skipped (undefined): a scheduled job that every node starts runs on one at a time.
   */
  alone<T>(job: SingletonJob, task: () => Promise<T>): Promise<T | undefined>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
