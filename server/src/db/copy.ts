import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as pgAuth from '../auth/tables.pg.js';
import * as sqliteAuth from '../auth/tables.js';
import * as pgCluster from '../cluster/tables.pg.js';
import * as sqliteCluster from '../cluster/tables.js';
import * as pgDebates from '../debates/tables.pg.js';
import * as sqliteDebates from '../debates/tables.js';
import * as pgNews from '../news/tables.pg.js';
import * as sqliteNews from '../news/tables.js';
import * as pgNotifications from '../notifications/tables.pg.js';
import * as sqliteNotifications from '../notifications/tables.js';
import * as pgPersuasion from '../persuasion/tables.pg.js';
import * as sqlitePersuasion from '../persuasion/tables.js';
import * as pgRanking from '../ranking/tables.pg.js';
import * as sqliteRanking from '../ranking/tables.js';
import * as pgReports from '../reports/tables.pg.js';
import * as sqliteReports from '../reports/tables.js';
import * as pgUsers from '../users/tables.pg.js';
import * as sqliteUsers from '../users/tables.js';
import type { Db } from './client.js';
import type { PgDb } from './postgres.js';
import type { SecretName } from './secrets.js';
import { clusterSecrets } from './tables.pg.js';

type Row = Record<string, unknown>;
type Pair = { from: SQLiteTable; to: PgTable; convert?: (row: Row) => Row };

/** JSON kept as text in SQLite is jsonb in PostgreSQL. */
const parseJson =
  (...columns: string[]) =>
  (row: Row): Row =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, columns.includes(k) ? JSON.parse(v as string) : v]));

/** Every table, parents before children (foreign keys hold at every insert). */
const PAIRS: Pair[] = [
  { from: sqliteUsers.users, to: pgUsers.users },
  { from: sqliteUsers.follows, to: pgUsers.follows },
  { from: sqliteAuth.refreshTokens, to: pgAuth.refreshTokens },
  { from: sqliteNews.news, to: pgNews.news },
  { from: sqliteNews.newsLikes, to: pgNews.newsLikes },
  { from: sqliteNews.newsBookmarks, to: pgNews.newsBookmarks },
  { from: sqliteNotifications.notifications, to: pgNotifications.notifications },
  { from: sqliteNotifications.pushSubscriptions, to: pgNotifications.pushSubscriptions },
  { from: sqliteNotifications.pushOutbox, to: pgNotifications.pushOutbox },
  { from: sqliteReports.reports, to: pgReports.reports },
  { from: sqliteReports.moderationAudit, to: pgReports.moderationAudit, convert: parseJson('before', 'after') },
  { from: sqliteDebates.debateRooms, to: pgDebates.debateRooms },
  { from: sqliteDebates.debateParticipants, to: pgDebates.debateParticipants },
  { from: sqliteDebates.roomEvents, to: pgDebates.roomEvents, convert: parseJson('payload') },
  { from: sqliteDebates.debateClock, to: pgDebates.debateClock },
  // The SQLite server's node is no node of the cluster: its rooms are orphans, claimed at the first start.
  { from: sqliteCluster.roomHeads, to: pgCluster.roomHeads },
  { from: sqliteRanking.debaterRatings, to: pgRanking.debaterRatings },
  { from: sqliteRanking.ratingChanges, to: pgRanking.ratingChanges },
  { from: sqliteRanking.ratingSystem, to: pgRanking.ratingSystem },
  { from: sqlitePersuasion.debaterSwings, to: pgPersuasion.debaterSwings },
];

/** Rows read and written per statement (far below PostgreSQL's 65,535 parameters for the widest table). */
const ROWS_PER_STATEMENT = 1_000;
/** The key the rowid travels under beside a row's own columns (no table has a column by that name). */
const ROWID = '__rowid';

/** What a copy moved: rows per table, and the secrets and uploads taken from the data directory. */
export interface CopyReport {
  readonly tables: Record<string, number>;
  readonly secrets: SecretName[];
  readonly uploads: number;
}

/** A table of the PostgreSQL database that already holds rows (a copy only goes into an empty one). */
export async function firstNonEmptyTable(pg: PgDb): Promise<string | undefined> {
  for (const { to } of PAIRS) {
    const { rows } = await pg.execute<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM ${to}) AS any`);
    if (rows[0]?.any) return getTableName(to as Table);
  }
  return undefined;
}

/**
 * Copies an embedded server's data into an empty PostgreSQL database in one transaction: every
 * table row for row (ids kept, identity sequences moved past them), JSON text becoming jsonb, then
 * the generated secrets (DATA_DIR/jwt-secret, vapid.json) and the uploaded images
 * (DATA_DIR/uploads). The SQLite side is only read. Rows move `rowsPerStatement` at a time.
 */
export async function copySqliteToPostgres(
  source: Db,
  dataDir: string,
  pg: PgDb,
  rowsPerStatement = ROWS_PER_STATEMENT,
): Promise<CopyReport> {
  return pg.transaction(async (tx) => {
    const tables: Record<string, number> = {};
    for (const { from, to, convert = (row: Row) => row } of PAIRS) {
      // Keyset over SQLite's rowid: each chunk is an index seek, however long the table.
      const columns = { ...getTableColumns(from), [ROWID]: sql<number>`rowid` };
      let copied = 0;
      for (let after = 0; ;) {
        const chunk = source
          .select(columns)
          .from(from)
          .where(sql`rowid > ${after}`)
          .orderBy(sql`rowid`)
          .limit(rowsPerStatement)
          .all() as Row[];
        if (chunk.length === 0) break;
        after = chunk.at(-1)![ROWID] as number;
        const rows = chunk.map(({ [ROWID]: _, ...row }) => convert(row));
        await tx.insert(to).values(rows);
        copied += rows.length;
      }
      tables[getTableName(to as Table)] = copied;
    }
    // Identity columns go on after the copied ids, so the next insert gets a fresh one.
    for (const { to } of PAIRS.filter(({ to }) => getTableConfig(to).columns.some((c) => c.generatedIdentity))) {
      await tx.execute(sql`
        SELECT setval(pg_get_serial_sequence(${getTableName(to as Table)}, 'id'), coalesce(max(id), 0) + 1, false)
        FROM ${to}`);
    }
    const secrets: SecretName[] = [];
    for (const name of ['jwt-secret', 'vapid.json'] as const) {
      const value = await readFile(path.join(dataDir, name), 'utf8').catch(() => undefined);
      if (value === undefined) continue;
      await tx.insert(clusterSecrets).values({ name, value });
      secrets.push(name);
    }
    const uploadsDir = path.join(dataDir, 'uploads');
    const names = await readdir(uploadsDir).catch(() => [] as string[]);
    for (const name of names) {
      await tx.insert(pgUsers.uploads).values({ name, bytes: await readFile(path.join(uploadsDir, name)) });
    }
    return { tables, secrets, uploads: names.length };
  });
}
