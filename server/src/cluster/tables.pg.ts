import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of tables.ts. */
export const roomHeads = pgTable('room_heads', {
  roomId: text('room_id').primaryKey(),
  nodeId: text('node_id'),
  epoch: integer('epoch').notNull(),
  lastSeq: integer('last_seq').notNull(),
  releasedAt: bigint('released_at', { mode: 'number' }),
});

/**
 * The nodes of a cluster (PostgreSQL and Redis) and when each last said it was alive, by
 * PostgreSQL's clock (so the nodes' own clocks never decide a lease). Only on PostgreSQL: the
 * embedded SQLite server is always the only node.
 */
export const clusterNodes = pgTable('cluster_nodes', {
  nodeId: text('node_id').primaryKey(),
  heartbeatAt: bigint('heartbeat_at', { mode: 'number' }).notNull(),
  startedAt: bigint('started_at', { mode: 'number' }).notNull(),
});
