import type { RoomOwners } from './room-owners.js';

/**
 * This node's part in running rooms: who owns what (RoomOwners), when it starts running rooms and
 * how it stops. One node alone (single-node.ts) or one of several (cluster-node.ts).
 */
export interface RoomNode extends RoomOwners {
  /** Starts running the rooms this node owns or takes over (before it serves). */
  start(): Promise<void>;
  /** Stops every room's timer, waits for the commands in flight, and lets the rooms go (shutdown). */
  stop(): Promise<void>;
}
