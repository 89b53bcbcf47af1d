import type { Claim } from './heads.js';

/**
 * The nodes of a cluster and their leases (PostgreSQL only). Every time here is PostgreSQL's
 * clock in epoch milliseconds, so no node's clock decides whether another is alive.
 */
export interface NodeStore {
  /** Says `nodeId` is alive now (its row is created on the first beat). */
  beat(nodeId: string): Promise<void>;
  /**
   * Takes over up to a fair share (orphans ÷ live nodes, rounded up) of the rooms whose owner's
   * heartbeat is older than `leaseMs`, whose owner is unknown, or that were released: each one's
   * epoch + 1, owner `nodeId`. Rooms another node is claiming at the same moment are skipped
   * (FOR UPDATE SKIP LOCKED), so survivors split the orphans. `lostAt` = the dead owner's last
   * heartbeat, or the release time.
   */
  claimOrphans(nodeId: string, leaseMs: number): Promise<Claim[]>;
  /** Removes `nodeId` (a node shutting down, after releasing its rooms) and long-dead nodes that own nothing. */
  leave(nodeId: string): Promise<void>;
}
