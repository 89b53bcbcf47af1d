/**
 * Room ownership as stored (`room_heads`, both engines). Whoever appends a room's events holds a
 * fence, its node and epoch: the append moves the room's head only while both still hold, in the
 * same transaction as the events, so a node that lost a room (paused, partitioned, presumed dead)
 * can never append to it again and a deadline's event is never logged twice.
 */
import { and, eq, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { RoomOwner } from './room-owners.js';

/** What an appender holds: the room's owner node and the epoch of its ownership. */
export interface Fence {
  readonly nodeId: string;
  readonly epoch: number;
}

/** The columns of `room_heads` that a fenced move names (the same on both engines). */
interface HeadColumns {
  readonly roomId: Column;
  readonly nodeId: Column;
  readonly epoch: Column;
  readonly lastSeq: Column;
}

/**
 * Where a fenced move stands: the room (`roomId`) still at `fromSeq` under the fence (`nodeId`,
 * `epoch`); values, placeholders, or columns of a batch's input rows.
 */
interface FencedAt {
  readonly roomId: string | Placeholder | SQL;
  readonly nodeId: string | Placeholder | SQL;
  readonly epoch: number | Placeholder | SQL;
  readonly fromSeq: number | Placeholder | SQL;
}

/** The four named placeholders of a prepared fenced move (which sets `last_seq` to the placeholder `toSeq`). */
export const FENCE_PLACEHOLDERS: FencedAt = {
  roomId: sql.placeholder('roomId'),
  nodeId: sql.placeholder('nodeId'),
  epoch: sql.placeholder('epoch'),
  fromSeq: sql.placeholder('fromSeq'),
};

/** The condition of a fenced move on either engine's `room_heads`, with values or placeholders. */
export const fenceHolds = (t: HeadColumns, at: FencedAt): SQL =>
  and(eq(t.roomId, at.roomId), eq(t.nodeId, at.nodeId), eq(t.epoch, at.epoch), eq(t.lastSeq, at.fromSeq))!;

/** The room's head has moved past this fence: another node owns the room now (or it ended). */
export class OwnershipLost extends Error {
  override readonly name = 'OwnershipLost';
  constructor(readonly roomId: string) {
    super(`room ${roomId}: this node no longer owns it`);
  }
}

/** A room just taken over, and since when nobody ran it (null = unknown). */
export interface Claim {
  readonly roomId: string;
  readonly epoch: number;
  readonly lastSeq: number;
  readonly lostAt: number | null;
}

export interface RoomHeadStore {
  /**
   * Inside an append's transaction: moves the room's head from `fromSeq` to `toSeq` under the
   * fence (the first batch, from 0, creates the head). Throws OwnershipLost when the fence no
   * longer holds; the row stays locked until the transaction ends.
   */
  advance(roomId: string, fence: Fence, fromSeq: number, toSeq: number): Promise<void>;
  /** A live room's owner, or null (unknown, ended, or released and not yet claimed). */
  find(roomId: string): Promise<RoomOwner | null>;
  /**
   * The last appended seq of each of these rooms that is live, in one query (an ended room has no
   * head): a node that follows rooms reads the logs of only those that moved past what it has.
   */
  lastSeqs(roomIds: readonly string[]): Promise<Map<string, number>>;
  /** An ended room leaves the heads (inside the transaction of its last append). */
  retire(roomId: string): Promise<void>;
  /** Takes every live room for `nodeId` (the only node, at start: a restart is a failover to itself). */
  claimAll(nodeId: string): Promise<Claim[]>;
  /** Lets go of every room `nodeId` owns: epoch + 1, no node, released now (the database's clock: each `lostAt`). */
  release(nodeId: string): Promise<Claim[]>;
  /** The rooms `nodeId` owns. */
  ownedBy(nodeId: string): Promise<string[]>;
}
