import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { FENCE_PLACEHOLDERS, fenceHolds, OwnershipLost, type Fence, type RoomHeadStore } from './heads.js';
import { roomHeads } from './tables.js';

/**
 * Moves a room's head under the fence (see RoomHeadStore.advance) on SQLite. Both statements are
 * built and prepared once: every commit of every room runs one, and building and compiling its
 * SQL each time cost several times more than running it.
 */
export function sqliteHeadAdvance(db: Db): (roomId: string, fence: Fence, fromSeq: number, toSeq: number) => void {
  const create = db
    .insert(roomHeads)
    .values({
      roomId: sql.placeholder('roomId'),
      nodeId: sql.placeholder('nodeId'),
      epoch: sql.placeholder('epoch'),
      lastSeq: sql.placeholder('toSeq'),
    })
    .prepare();
  const move = db
    .update(roomHeads)
    .set({ lastSeq: sql`${sql.placeholder('toSeq')}` })
    .where(fenceHolds(roomHeads, FENCE_PLACEHOLDERS))
    .prepare();
  return (roomId, { nodeId, epoch }, fromSeq, toSeq) => {
    if (fromSeq === 0) {
      try {
        create.run({ roomId, nodeId, epoch, toSeq });
        return;
      } catch (err) {
        if (isUniqueViolation(err)) throw new OwnershipLost(roomId);
        throw err;
      }
    }
    if (move.run({ roomId, nodeId, epoch, fromSeq, toSeq }).changes === 0) throw new OwnershipLost(roomId);
  };
}

/** Room heads on SQLite, where the one server owns every room. */
export function sqliteRoomHeadStore(db: Db): RoomHeadStore {
  const advance = sqliteHeadAdvance(db);
  return {
    async advance(roomId, fence, fromSeq, toSeq) {
      advance(roomId, fence, fromSeq, toSeq);
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
