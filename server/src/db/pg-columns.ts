import { getTableColumns, sql, type Column } from 'drizzle-orm';
import { customType, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';

/**
 * A point in time stored as epoch milliseconds in a `bigint`, read back as a Date: the
 * PostgreSQL twin of SQLite's `integer({ mode: 'timestamp_ms' })`, so both row types agree.
 */
export const msTimestamp = customType<{ data: Date; driverData: string | number }>({
  dataType: () => 'bigint',
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

/** Raw bytes (`bytea`); node-postgres reads it as a Buffer. */
export const bytea = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/** The current time in epoch milliseconds, as a column default (SQLite's `unixepoch() * 1000`). */
export const nowMs = sql`(floor(extract(epoch from clock_timestamp()) * 1000))::bigint`;

/**
 * The SET of a multi-row upsert: each of `values`' columns takes the value proposed for its row
 * (`excluded`), so one statement writes many rows.
 */
export function fromExcluded<T extends PgTable>(table: T, values: Partial<T['$inferInsert']>): PgUpdateSetSource<T> {
  const columns: Record<string, Column> = getTableColumns(table);
  return Object.fromEntries(
    Object.keys(values).map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]),
  ) as PgUpdateSetSource<T>;
}
