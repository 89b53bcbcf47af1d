/**
 * The PostgreSQL schema (`tables.pg.ts`) must stay the twin of the SQLite one (`tables.ts`): same
 * tables, columns (kind, nullability, defaults, keys, enums), indexes and foreign keys, read from
 * drizzle's own table configs. A change to one schema without the other fails here.
 */
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, SQL, type Column } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as pgAuth from '../../src/auth/tables.pg.js';
import type * as sqliteAuth from '../../src/auth/tables.js';
import type * as pgNews from '../../src/news/tables.pg.js';
import type * as sqliteNews from '../../src/news/tables.js';
import type * as pgNotifications from '../../src/notifications/tables.pg.js';
import type * as sqliteNotifications from '../../src/notifications/tables.js';
import type * as pgRanking from '../../src/ranking/tables.pg.js';
import type * as sqliteRanking from '../../src/ranking/tables.js';
import type * as pgDebates from '../../src/debates/tables.pg.js';
import type * as sqliteDebates from '../../src/debates/tables.js';
import type * as pgUsers from '../../src/users/tables.pg.js';
import type * as sqliteUsers from '../../src/users/tables.js';
import type * as pgPersuasion from '../../src/persuasion/tables.pg.js';
import type * as sqlitePersuasion from '../../src/persuasion/tables.js';
import type * as pgReports from '../../src/reports/tables.pg.js';
import type * as sqliteReports from '../../src/reports/tables.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Tables only PostgreSQL has: what the SQLite server keeps as files in DATA_DIR, and the nodes of a cluster. */
const PG_ONLY_TABLES = new Set(['cluster_secrets', 'uploads', 'cluster_nodes']);
/** Indexes only PostgreSQL has: Korean search (SQLite's FTS5 tables live in hand-written migrations). */
const PG_ONLY_INDEXES = new Set(['news_grams_idx', 'news_grams_pending_idx']);
/** Columns only PostgreSQL has: the search grams of a news item (SQLite keeps them in an FTS5 table). */
const PG_ONLY_COLUMNS = new Set(['news.grams']);

async function tablesOf(file: string, isTable: (v: unknown) => boolean): Promise<unknown[]> {
  const found: unknown[] = [];
  for (const feature of readdirSync(src)) {
    const module = path.join(src, feature, file);
    if (existsSync(module)) found.push(...Object.values(await import(module)).filter(isTable));
  }
  return found;
}

/** A column's kind across dialects: JSON is text in SQLite and jsonb in PostgreSQL; epoch-ms dates are bigints. */
function kind(column: Column): string {
  const type = column.getSQLType();
  if (column.columnType === 'SQLiteBoolean') return 'boolean';
  if (column.columnType === 'SQLiteTimestamp' || (column.columnType === 'PgCustomColumn' && type === 'bigint'))
    return 'time';
  if (/^(integer|bigint)$/.test(type)) return 'integer';
  if (/^(real|double precision)$/.test(type)) return 'float';
  if (/^(text|jsonb)$/.test(type)) return 'text';
  return type;
}

const columnShape = (c: Column) => ({
  kind: kind(c),
  notNull: c.notNull,
  primary: c.primary,
  // SQLite gives every integer primary key a default (it aliases the rowid): keys compare by generatedId.
  hasDefault: c.primary ? null : c.hasDefault,
  generatedId:
    ('autoIncrement' in c && c.autoIncrement === true) || ('generatedIdentity' in c && !!c.generatedIdentity),
  enumValues: c.enumValues ?? null,
});

const columnName = (c: unknown): string => (is(c, SQL) ? 'sql' : (c as { name: string }).name);

type Shape = {
  columns: Record<string, ReturnType<typeof columnShape>>;
  primaryKeys: string[][];
  indexes: Record<string, { columns: string[]; unique: boolean; partial: boolean }>;
  foreignKeys: string[];
};

function shapeOf(
  config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>,
  tableName: (t: unknown) => string,
): Shape {
  return {
    columns: Object.fromEntries(
      config.columns
        .filter((c: Column) => !PG_ONLY_COLUMNS.has(`${config.name}.${c.name}`))
        .map((c: Column) => [c.name, columnShape(c)]),
    ),
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c: Column) => c.name)),
    indexes: Object.fromEntries(
      config.indexes
        .filter((i) => !PG_ONLY_INDEXES.has(i.config.name ?? ''))
        .map((i) => [
          i.config.name,
          { columns: i.config.columns.map(columnName), unique: i.config.unique, partial: i.config.where !== undefined },
        ]),
    ),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        const cols = (list: Column[]) => list.map((c) => c.name).join(',');
        const target = `${tableName(ref.foreignTable)}(${cols(ref.foreignColumns)})`;
        return `${cols(ref.columns)} -> ${target} on delete ${fk.onDelete ?? 'no action'}`;
      })
      .sort(),
  };
}

describe('schema parity: SQLite and PostgreSQL', async () => {
  const sqlite = new Map(
    (await tablesOf('tables.ts', (v) => is(v, SQLiteTable))).map((t) => {
      const config = sqliteConfig(t as SQLiteTable);
      return [config.name, shapeOf(config, (f) => sqliteConfig(f as SQLiteTable).name)];
    }),
  );
  const pg = new Map(
    (await tablesOf('tables.pg.ts', (v) => is(v, PgTable))).map((t) => {
      const config = pgConfig(t as PgTable);
      return [config.name, shapeOf(config, (f) => pgConfig(f as PgTable).name)];
    }),
  );

  it('has the same tables (PostgreSQL adds only the shared secrets and uploads)', () => {
    expect(sqlite.size).toBeGreaterThan(10);
    expect([...pg.keys()].filter((name) => !PG_ONLY_TABLES.has(name)).sort()).toEqual([...sqlite.keys()].sort());
  });

  it.each([...sqlite.keys()])('%s: same columns, keys, indexes and foreign keys', (name) => {
    expect(pg.get(name)).toEqual(sqlite.get(name));
  });

  it('gives the stores one row type per table (checked by the typecheck)', () => {
    expectTypeOf<typeof pgUsers.users.$inferSelect>().toEqualTypeOf<typeof sqliteUsers.users.$inferSelect>();
    expectTypeOf<typeof pgUsers.follows.$inferSelect>().toEqualTypeOf<typeof sqliteUsers.follows.$inferSelect>();
    expectTypeOf<typeof pgAuth.refreshTokens.$inferSelect>().toEqualTypeOf<
      typeof sqliteAuth.refreshTokens.$inferSelect
    >();
    expectTypeOf<Omit<typeof pgNews.news.$inferSelect, 'grams'>>().toEqualTypeOf<typeof sqliteNews.news.$inferSelect>();
    expectTypeOf<typeof pgNotifications.notifications.$inferSelect>().toEqualTypeOf<
      typeof sqliteNotifications.notifications.$inferSelect
    >();
    expectTypeOf<typeof pgNotifications.pushSubscriptions.$inferSelect>().toEqualTypeOf<
      typeof sqliteNotifications.pushSubscriptions.$inferSelect
    >();
    expectTypeOf<typeof pgReports.reports.$inferSelect>().toEqualTypeOf<typeof sqliteReports.reports.$inferSelect>();
    expectTypeOf<typeof pgRanking.debaterRatings.$inferSelect>().toEqualTypeOf<
      typeof sqliteRanking.debaterRatings.$inferSelect
    >();
    expectTypeOf<typeof pgDebates.debateRooms.$inferSelect>().toEqualTypeOf<
      typeof sqliteDebates.debateRooms.$inferSelect
    >();
    expectTypeOf<typeof pgDebates.debateParticipants.$inferSelect>().toEqualTypeOf<
      typeof sqliteDebates.debateParticipants.$inferSelect
    >();
    expectTypeOf<typeof pgPersuasion.debaterSwings.$inferSelect>().toEqualTypeOf<
      typeof sqlitePersuasion.debaterSwings.$inferSelect
    >();
  });
});
