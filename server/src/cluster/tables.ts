import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The owner of every live room (a room's row goes when it ends): its node, the ownership epoch
 * and the last sequence number appended. Every append of the room's events moves `last_seq` on
 * the condition that node, epoch and `last_seq` are still what the appender holds (the fence).
 * `node_id` null = released by a node shutting down (with the time), free for any node to claim.
 */
export const roomHeads = sqliteTable('room_heads', {
  roomId: text('room_id').primaryKey(),
  nodeId: text('node_id'),
  epoch: integer('epoch').notNull(),
  lastSeq: integer('last_seq').notNull(),
  releasedAt: integer('released_at'),
});
