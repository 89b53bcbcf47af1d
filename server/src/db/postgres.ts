import path from 'node:path';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import { repoRoot } from '../config.js';
import { StartupError } from '../startup-error.js';
import type { SingletonJob } from './storage.js';

/** The drizzle handle every PostgreSQL store receives (the pool or a transaction on it). */
export type PgDb = PgDatabase<NodePgQueryResultHKT>;

export type PgConnection = {
  pool: pg.Pool;
  /** Connections of their own for news list pages, whose prepared statements are planned once (see `openPostgres`). */
  listPool: pg.Pool;
  db: PgDb;
  /** A connection of its own for the cluster heartbeat, which must never queue behind the pool's work. */
  heartbeatDb: PgDb;
  /**
   * Connections of their own for the running rooms' chat lines and ballots (one statement per
   * turn, see debates/append-batches.pg.ts), which must never wait for a pooled connection while
   * a burst of room transactions (rooms opening, filling, ending together) holds them all.
   */
  appendsDb: PgDb;
  /** Runs `task` while holding the start-up lock, so two processes never seed at the same time. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Runs `task` while holding the job's lock for one transaction on a connection of its own; skipped when held. */
  alone<T>(job: SingletonJob, task: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
};

/** Found from the repository root (not the cwd), which holds from source and from the build. */
const migrationsFolder = path.join(repoRoot, 'server', 'drizzle-pg');

// Advisory lock keys of our own: migrations and seeds; the one running server; the classes of
// transaction-scoped locks some stores take (the second key then names the row, e.g. a user).
const STARTUP_LOCK = 7_401_011;
const SERVER_LOCK = 7_401_012;
/** Ratings are written one transaction at a time (a late result re-rates later debates). */
export const LOCK_RATINGS = 7_401_013;
/** Nicknames are checked for look-alikes and written one at a time. */
export const LOCK_NICKNAMES = 7_401_015;
/** A user's push subscriptions are saved one at a time (the per-user limit). */
export const LOCK_PUSH_SUBSCRIPTIONS = 7_401_014;

/** Scheduled jobs, one process at a time (pg_try_advisory_xact_lock: a node finding it held skips its run). */
const JOB_LOCKS: Record<SingletonJob, number> = { 'news-ingest': 7_401_016 };

/** Connections per process: enough for concurrent requests and room commits, far below max_connections. */
export const POOL_SIZE = 10;
/** Connections per process for news list pages: each page is one short statement. */
const LIST_POOL_SIZE = 5;
/** Connections per process for the running rooms' appends: one statement per event-loop turn, rarely two in flight. */
const APPENDS_POOL_SIZE = 2;

/**
 * Who connects: the only server of the database (without Redis), one node of several (with
 * REDIS_URL), or a command-line tool run beside them.
 */
export type PgRole = 'server' | 'node' | 'tool';

/**
 * Connects to DATABASE_URL and gets the database ready: checks that it can be reached and holds
 * Korean text (UTF-8 encoding and ctype), applies pending
 * migrations under an advisory lock (drizzle's migrator takes none, so two processes starting
 * together would race), and takes the server lock: exclusively for the database's one server,
 * shared by the nodes of a cluster, so neither kind starts beside the other. Every problem an
 * operator can fix is a StartupError naming what to do.
 */
export async function openPostgres(url: string, logger: Logger, role: PgRole = 'server'): Promise<PgConnection> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 10_000 });
  // A list page's statement is prepared once per connection, but PostgreSQL plans it anew at every
  // execution as long as a plan for the actual term looks cheaper than the generic plan, and for a
  // search it always does (the generic plan expects 0.5 % of the rows to match): planning then cost
  // more than running a page (0.2 ms against 0.05 ms for a term that matches nothing). The shape of
  // those plans is fixed by the statements themselves (list-store.pg.ts), so on these connections
  // a statement is planned once, generically. The other stores keep PostgreSQL's own choice.
  const listPool = new pg.Pool({
    connectionString: url,
    max: LIST_POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // Connects on the first beat, so only a cluster node ever opens it.
  const heartbeatPool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
  const appendsPool = new pg.Pool({ connectionString: url, max: APPENDS_POOL_SIZE, connectionTimeoutMillis: 10_000 });
  const pools = [pool, listPool, heartbeatPool, appendsPool];
  // An idle connection the server drops (restart, network) must not crash the process.
  for (const each of pools) each.on('error', (err) => logger.warn({ err }, 'idle PostgreSQL connection failed'));
  const db = drizzle(pool);
  const held = await pool.connect().catch(async (err: unknown) => {
    await Promise.all(pools.map((each) => each.end())).catch(() => undefined);
    throw new StartupError(connectionProblem(err, url));
  });
  try {
    await checkKoreanText(held);
    await withLock(held, STARTUP_LOCK, () => migrate(drizzle(held), { migrationsFolder }));
    if (role !== 'tool') await claimServerLock(held, role);
  } catch (err) {
    held.release(true);
    await Promise.all(pools.map((each) => each.end())).catch(() => undefined);
    throw err;
  }
  // A server or node keeps `held` checked out for its lifetime: that session holds SERVER_LOCK.
  if (role === 'tool') held.release();
  return {
    pool,
    listPool,
    db,
    heartbeatDb: drizzle(heartbeatPool),
    appendsDb: drizzle(appendsPool),
    async exclusive(task) {
      const client = await pool.connect();
      try {
        return await withLock(client, STARTUP_LOCK, task);
      } finally {
        client.release();
      }
    },
    async alone(job, task) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [
          JOB_LOCKS[job],
        ]);
        return rows[0]?.got ? await task() : undefined;
      } finally {
        await client.query('COMMIT').catch(() => undefined); // releases the lock
        client.release();
      }
    },
    async close() {
      if (role !== 'tool') held.release();
      await Promise.all(pools.map((each) => each.end()));
    },
  };
}

/**
 * Refuses to start a single server beside any other server or node, and a node beside a single
 * server (the lock goes with its connection, even on a crash).
 */
async function claimServerLock(client: pg.PoolClient, role: 'server' | 'node'): Promise<void> {
  const take = role === 'server' ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared';
  const { rows } = await client.query<{ ok: boolean }>(`SELECT ${take}($1) AS ok`, [SERVER_LOCK]);
  if (rows[0]?.ok) return;
  throw new StartupError(
    role === 'server'
      ? '이 데이터베이스를 쓰는 다른 토론 서버가 이미 실행 중입니다. 그 서버를 멈춘 뒤 다시 시작하세요. ' +
          '여러 서버를 함께 운영하려면 모든 서버에 REDIS_URL을 지정하세요.'
      : '이 데이터베이스를 REDIS_URL 없이 시작한 단일 토론 서버가 쓰고 있습니다. 그 서버를 멈추거나 REDIS_URL을 지정해 다시 시작하세요.',
  );
}

async function withLock<T>(client: pg.PoolClient, key: number, task: () => Promise<T>): Promise<T> {
  await client.query('SELECT pg_advisory_lock($1)', [key]);
  try {
    return await task();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [key]);
  }
}

/** Refuses a database whose encoding or ctype cannot classify Hangul (e.g. created with the C locale). */
async function checkKoreanText(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string; encoding: string; ctype: string }>(
    `SELECT datname AS name, pg_encoding_to_char(encoding) AS encoding, datctype AS ctype
       FROM pg_database WHERE datname = current_database()`,
  );
  const row = rows[0];
  if (!row || (row.encoding === 'UTF8' && /utf-?8/i.test(row.ctype))) return;
  throw new StartupError(
    `데이터베이스 "${row.name}"의 문자 설정(인코딩 ${row.encoding}, LC_CTYPE ${row.ctype})으로는 한국어를 검색할 수 없습니다. ` +
      `UTF-8로 다시 만드세요: createdb -T template0 -E UTF8 --locale=C.UTF-8 ${row.name}`,
  );
}

/** One line for a failed first connection: which problem, and what to check. */
function connectionProblem(err: unknown, url: string): string {
  const target = new URL(url);
  const where = `${target.hostname || 'localhost'}:${target.port || '5432'}`;
  const database = decodeURIComponent(target.pathname.slice(1)) || decodeURIComponent(target.username);
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return `PostgreSQL 서버 ${where}에 연결할 수 없습니다. 서버가 실행 중인지, DATABASE_URL의 호스트와 포트가 맞는지 확인하세요.`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `DATABASE_URL의 호스트 ${target.hostname}을(를) 찾을 수 없습니다. 호스트 이름을 확인하세요.`;
  }
  if (code === 'ETIMEDOUT' || /timeout/i.test(message)) {
    return `PostgreSQL 서버 ${where}가 응답하지 않습니다. 방화벽과 DATABASE_URL의 호스트와 포트를 확인하세요.`;
  }
  if (code === '28P01' || code === '28000') {
    return `PostgreSQL이 로그인을 거부했습니다(${message}). DATABASE_URL의 사용자 이름과 비밀번호를 확인하세요.`;
  }
  if (code === '3D000') {
    return `데이터베이스 "${database}"가 없습니다. 먼저 만드세요: createdb -T template0 -E UTF8 --locale=C.UTF-8 ${database}`;
  }
  return `PostgreSQL에 연결하지 못했습니다: ${message}`;
}

/** How many rows a PostgreSQL INSERT, UPDATE or DELETE touched. */
export const changes = (result: { rowCount: number | null }): number => result.rowCount ?? 0;
