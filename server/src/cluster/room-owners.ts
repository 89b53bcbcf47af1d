/**
 * Who runs each live room. A room has one owner node, which runs its actor and timers; every
 * other node forwards the room's commands there and follows its events. On one node (SQLite, or
 * PostgreSQL without Redis) this node owns every live room; across nodes ownership lives in
 * PostgreSQL (`room_heads`) and every change is announced on the PubSub topic `cluster:owners`.
 */
import { z } from 'zod';

/** A live room's owner: its node, the ownership epoch (the fence) and the last sequence number it appended. */
export interface RoomOwner {
  readonly nodeId: string;
  readonly epoch: number;
  readonly lastSeq: number;
}

/** A change of a room's owner; `nodeId` null = released (a node shutting down), any node may claim it. */
export interface OwnerChange {
  readonly roomId: string;
  readonly nodeId: string | null;
  readonly epoch: number;
  readonly lastSeq: number;
}

type OwnerChangeListener = (change: OwnerChange) => void;

export interface RoomOwners {
  /** The current owner of a live room, or null for a room that is unknown, ended or (briefly) unowned. */
  ownerOf(roomId: string): Promise<RoomOwner | null>;
  /** Hears every change of owner (claims, releases) until the returned function is called. */
  onChanged(listener: OwnerChangeListener): () => void;
  /** This node's id (NODE_ID). */
  readonly self: string;
}

/** The PubSub topic of ownership notices across nodes. */
export const OWNERS_TOPIC = 'cluster:owners';

/** An `owner-changed` notice as it travels between nodes (validated on receipt). */
export const ownerChangedNotice = z.object({
  type: z.literal('owner-changed'),
  roomId: z.string().min(1).max(100),
  nodeId: z.string().min(1).max(64).nullable(),
  epoch: z.number().int().nonnegative(),
  lastSeq: z.number().int().nonnegative(),
});
