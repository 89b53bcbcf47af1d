import { sql } from 'drizzle-orm';
import { nowMs } from '../db/pg-columns.js';
import type { PgDb } from '../db/postgres.js';
import type { NodeStore } from './nodes.js';
import { clusterNodes, roomHeads } from './tables.pg.js';

/** A dead node's row stays an hour (its rooms' downtime is measured from it), then goes once it owns nothing. */
const FORGET_AFTER_MS = 3_600_000;

interface ClaimedRow extends Record<string, unknown> {
  room_id: string;
  epoch: number;
  last_seq: number;
  lost_at: string | number | null;
}

/**
 * Node liveness and orphan claims on PostgreSQL. Beats go through `heartbeatDb`, a connection of
 * their own, so that a node busy enough to fill its pool still says it is alive: a slow node is
 * not a dead one, and taking its rooms would only move the load while the rooms stall.
 */
export function pgNodeStore(db: PgDb, heartbeatDb: PgDb): NodeStore {
  return {
    async beat(nodeId) {
      await heartbeatDb
        .insert(clusterNodes)
        .values({ nodeId, heartbeatAt: nowMs, startedAt: nowMs })
        .onConflictDoUpdate({ target: clusterNodes.nodeId, set: { heartbeatAt: nowMs } });
    },
    async claimOrphans(nodeId, leaseMs) {
      const lapsed = sql`${nowMs} - ${leaseMs}`;
      // Never the claimer's own rooms: it is alive, whatever its last beat says, and claiming them
      // would only fence off its own actors.
      const silent = sql`(n.node_id IS NULL OR n.heartbeat_at < ${lapsed})`;
      const orphan = sql`(h.node_id IS NULL OR (h.node_id <> ${nodeId} AND ${silent}))`;
      const { rows } = await db.execute<ClaimedRow>(sql`
        WITH share AS (
          SELECT ceil(
                   (SELECT count(*) FROM ${roomHeads} h
                      LEFT JOIN ${clusterNodes} n ON n.node_id = h.node_id WHERE ${orphan})::numeric
                   / greatest(1, (SELECT count(*) FROM ${clusterNodes} WHERE heartbeat_at >= ${lapsed}))
                 )::int AS k
        ),
        orphans AS (
          SELECT h.room_id, coalesce(h.released_at, n.heartbeat_at) AS lost_at
            FROM ${roomHeads} h LEFT JOIN ${clusterNodes} n ON n.node_id = h.node_id
           WHERE ${orphan}
           ORDER BY h.room_id
           LIMIT (SELECT k FROM share)
             FOR UPDATE OF h SKIP LOCKED
        )
        UPDATE ${roomHeads} AS r
           SET node_id = ${nodeId}, epoch = r.epoch + 1, released_at = NULL
          FROM orphans o
         WHERE r.room_id = o.room_id
        RETURNING r.room_id, r.epoch, r.last_seq, o.lost_at`);
      return rows.map((r) => ({
        roomId: r.room_id,
        epoch: r.epoch,
        lastSeq: r.last_seq,
        lostAt: r.lost_at === null ? null : Number(r.lost_at),
      }));
    },
    async leave(nodeId) {
      await db.execute(sql`
        DELETE FROM ${clusterNodes} n
         WHERE n.node_id = ${nodeId}
            OR (n.heartbeat_at < ${nowMs} - ${FORGET_AFTER_MS}
                AND NOT EXISTS (SELECT 1 FROM ${roomHeads} h WHERE h.node_id = n.node_id))`);
    },
  };
}
