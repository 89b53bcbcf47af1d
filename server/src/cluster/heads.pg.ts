import { eq, sql } from 'drizzle-orm';
import { nowMs } from '../db/pg-columns.js';
import type { PgDb } from '../db/postgres.js';
import { fenceHolds, OwnershipLost, type Claim, type Fence, type RoomHeadStore } from './heads.js';
import { roomHeads } from './tables.pg.js';

/**
 * The statement that moves a room's head under the fence (see RoomHeadStore.advance), on
 * PostgreSQL: it returns a row only when the fence held. The UPDATE locks the head row until the
 * append commits, so a takeover waits for an append in flight and then claims after it; the
 * appender's next try, under the old epoch, matches no row. The event log runs it as a CTE of its
 * INSERT, so head and events move in one statement.
 */
export function pgHeadMove(db: PgDb, roomId: string, fence: Fence, fromSeq: number, toSeq: number) {
  const moved = { roomId: roomHeads.roomId };
  return fromSeq === 0
    ? db
        .insert(roomHeads)
        .values({ roomId, nodeId: fence.nodeId, epoch: fence.epoch, lastSeq: toSeq })
        .onConflictDoNothing()
        .returning(moved)
    : db
        .update(roomHeads)
        .set({ lastSeq: toSeq })
        .where(fenceHolds(roomHeads, { roomId, ...fence, fromSeq }))
        .returning(moved);
}

const claimOf = (row: typeof roomHeads.$inferSelect, lostAt: number | null): Claim => ({
  roomId: row.roomId,
  epoch: row.epoch,
  lastSeq: row.lastSeq,
  lostAt,
});

/** Room heads on PostgreSQL (claims of orphans across nodes are in nodes.pg.ts). */
export function pgRoomHeadStore(db: PgDb): RoomHeadStore {
  return {
    async advance(roomId, fence, fromSeq, toSeq) {
      const moved = await pgHeadMove(db, roomId, fence, fromSeq, toSeq);
      if (moved.length === 0) throw new OwnershipLost(roomId);
    },
    async find(roomId) {
      const [row] = await db.select().from(roomHeads).where(eq(roomHeads.roomId, roomId));
      return row?.nodeId ? { nodeId: row.nodeId, epoch: row.epoch, lastSeq: row.lastSeq } : null;
    },
    async lastSeqs(roomIds) {
      // One array parameter, however many rooms (a list of parameters has a ceiling).
      const rows = await db
        .select({ roomId: roomHeads.roomId, lastSeq: roomHeads.lastSeq })
        .from(roomHeads)
        .where(sql`${roomHeads.roomId} = any(${sql.param(roomIds)}::text[])`);
      return new Map(rows.map((r) => [r.roomId, r.lastSeq]));
    },
    async retire(roomId) {
      await db.delete(roomHeads).where(eq(roomHeads.roomId, roomId));
    },
    async claimAll(nodeId) {
      const rows = await db
        .update(roomHeads)
        .set({ nodeId, epoch: sql`${roomHeads.epoch} + 1`, releasedAt: null })
        .returning();
      return rows.map((r) => claimOf(r, null));
    },
    async release(nodeId) {
      const rows = await db
        .update(roomHeads)
        .set({ nodeId: null, epoch: sql`${roomHeads.epoch} + 1`, releasedAt: nowMs })
        .where(eq(roomHeads.nodeId, nodeId))
        .returning();
      return rows.map((r) => claimOf(r, r.releasedAt));
    },
    async ownedBy(nodeId) {
      const rows = await db.select({ roomId: roomHeads.roomId }).from(roomHeads).where(eq(roomHeads.nodeId, nodeId));
      return rows.map((r) => r.roomId);
    },
  };
}
