import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { OwnershipLost, type Fence, type RoomHeadStore } from './heads.js';
import { roomHeads } from './tables.js';

/** Moves a room's head under the fence (see RoomHeadStore.advance), on SQLite. */
export function sqliteAdvanceHead(db: Db, roomId: string, fence: Fence, fromSeq: number, toSeq: number): void {
  if (fromSeq === 0) {
    try {
      db.insert(roomHeads).values({ roomId, nodeId: fence.nodeId, epoch: fence.epoch, lastSeq: toSeq }).run();
      return;
    } catch (err) {
      if (isUniqueViolation(err)) throw new OwnershipLost(roomId);
      throw err;
    }
  }
  const moved = db
    .update(roomHeads)
    .set({ lastSeq: toSeq })
    .where(
      and(
        eq(roomHeads.roomId, roomId),
        eq(roomHeads.nodeId, fence.nodeId),
        eq(roomHeads.epoch, fence.epoch),
        eq(roomHeads.lastSeq, fromSeq),
      ),
    )
    .run();
  if (moved.changes === 0) throw new OwnershipLost(roomId);
}

/** Room heads on SQLite, where the one server owns every room. */
export function sqliteRoomHeadStore(db: Db): RoomHeadStore {
  return {
    async advance(roomId, fence, fromSeq, toSeq) {
      sqliteAdvanceHead(db, roomId, fence, fromSeq, toSeq);
    },
    async find(roomId) {
      const row = db.select().from(roomHeads).where(eq(roomHeads.roomId, roomId)).get();
      return row?.nodeId ? { nodeId: row.nodeId, epoch: row.epoch, lastSeq: row.lastSeq } : null;
    },
    async lastSeqs(roomIds) {
      // One JSON parameter, however many rooms (a list of parameters has a ceiling).
      const rows = db
        .select({ roomId: roomHeads.roomId, lastSeq: roomHeads.lastSeq })
        .from(roomHeads)
        .where(sql`${roomHeads.roomId} in (select value from json_each(${JSON.stringify(roomIds)}))`)
        .all();
      return new Map(rows.map((r) => [r.roomId, r.lastSeq]));
    },
    async retire(roomId) {
      db.delete(roomHeads).where(eq(roomHeads.roomId, roomId)).run();
    },
    async claimAll(nodeId) {
      const rows = db
        .update(roomHeads)
        .set({ nodeId, epoch: sql`${roomHeads.epoch} + 1`, releasedAt: null })
        .returning()
        .all();
      return rows.map((r) => ({ roomId: r.roomId, epoch: r.epoch, lastSeq: r.lastSeq, lostAt: null }));
    },
    async release(nodeId) {
      const at = Date.now();
      const rows = db
        .update(roomHeads)
        .set({ nodeId: null, epoch: sql`${roomHeads.epoch} + 1`, releasedAt: at })
        .where(eq(roomHeads.nodeId, nodeId))
        .returning()
        .all();
      return rows.map((r) => ({ roomId: r.roomId, epoch: r.epoch, lastSeq: r.lastSeq, lostAt: at }));
    },
    async ownedBy(nodeId) {
      const rows = db.select({ roomId: roomHeads.roomId }).from(roomHeads).where(eq(roomHeads.nodeId, nodeId)).all();
      return rows.map((r) => r.roomId);
    },
  };
}
