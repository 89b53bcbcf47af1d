/**
 * One node of several (PostgreSQL + Redis). Every heartbeat it says it is alive (by PostgreSQL's
 * clock, on a connection of its own, never waiting for the rest of the tick), lets go of rooms
 * another node has taken, and claims its share of orphan rooms: those of a node whose lease
 * lapsed, or released by a node shutting down. A claimed room is replayed, its downtime recorded
 * as DeadlinesShifted, its timer armed (an overdue deadline fires once), and the change announced
 * on `cluster:owners`. Correctness never rests on the lease: the fenced append
 * refuses a node that lost a room, whatever it believes.
 */
import type { Logger } from 'pino';
import type { Storage } from '../db/storage.js';
import type { RoomDirectory } from '../debates/directory.js';
import type { PubSub, PubSubMessage, Unsubscribe } from '../realtime/pubsub.js';
import type { Claim } from './heads.js';
import type { NodeStore } from './nodes.js';
import type { RoomNode } from './room-node.js';
import { OWNERS_TOPIC, ownerChangedNotice, type OwnerChange, type RoomOwner } from './room-owners.js';

export interface ClusterNodeOptions {
  readonly nodeId: string;
  readonly storage: Storage;
  readonly nodes: NodeStore;
  readonly directory: RoomDirectory;
  /** The bus between nodes (Redis). */
  readonly bus: PubSub;
  readonly logger: Logger;
  /** A node whose heartbeat is older than this is presumed dead and its rooms are claimed. */
  readonly leaseMs: number;
  readonly heartbeatMs: number;
}

export class ClusterNode implements RoomNode {
  private readonly listeners = new Set<(change: OwnerChange) => void>();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private offOwners: Unsubscribe = () => {};

  constructor(private readonly o: ClusterNodeOptions) {}

  get self(): string {
    return this.o.nodeId;
  }

  ownerOf(roomId: string): Promise<RoomOwner | null> {
    return this.o.storage.roomHeads.find(roomId);
  }

  onChanged(listener: (change: OwnerChange) => void): () => void {
    const own = (change: OwnerChange) => listener(change);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  /** Hears ownership notices, says it is alive and claims its first share, then beats on. */
  async start(): Promise<void> {
    this.offOwners = await this.o.bus.subscribeReady(OWNERS_TOPIC, (m) => this.heard(m));
    await this.o.nodes.beat(this.self);
    await this.tick();
    this.timer = setInterval(() => {
      this.beat();
      this.kick();
    }, this.o.heartbeatMs);
    const { leaseMs, heartbeatMs } = this.o;
    this.o.logger.info({ nodeId: this.self, leaseMs, heartbeatMs }, 'running as one node of a cluster');
  }

  /** Hands every room over at once: timers stop, commands in flight finish, the rooms are released and announced. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([this.beating, this.ticking]);
    await this.o.directory.stop();
    const released = await this.o.storage.roomHeads.release(this.self);
    await Promise.all(released.map((r) => this.announce({ ...r, nodeId: null })));
    if (released.length > 0) this.o.logger.info({ released: released.length }, 'live debate rooms handed over');
    await this.o.nodes.leave(this.self).catch((err: unknown) => this.o.logger.warn({ err }, 'node row not removed'));
    this.offOwners();
  }

  /**
   * Says this node is alive, unless the last beat is still on its way. Beats do not wait for the
   * claims and reconciling of the tick, whose queries share the pool with every room's appends: a
   * node that merely falls behind keeps its rooms.
   */
  private beat(): void {
    if (this.stopped || this.beating) return;
    this.beating = this.o.nodes
      .beat(this.self)
      .catch((err: unknown) => this.o.logger.warn({ err }, 'cluster heartbeat failed'))
      .finally(() => {
        this.beating = null;
      });
  }

  /** Reconciles and claims now, or right after the tick running. */
  private kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((err: unknown) => this.o.logger.warn({ err }, 'cluster claims failed'))
      .finally(() => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async tick(): Promise<void> {
    await this.reconcile();
    const claims = await this.o.nodes.claimOrphans(this.self, this.o.leaseMs);
    for (const claim of claims) await this.run(claim, claim.lostAt);
    // Orphans beyond this node's share are left to the others' heartbeats, then to this one's next.
    if (claims.length > 0) this.o.logger.info({ claimed: claims.map((c) => c.roomId) }, 'orphan rooms claimed');
  }

  /**
   * Makes the rooms run here exactly those the heads give this node: a room another node took is
   * dropped; a room claimed here but not running (its adoption failed) is adopted again.
   */
  private async reconcile(): Promise<void> {
    const { directory, storage } = this.o;
    const owned = new Set(await storage.roomHeads.ownedBy(this.self));
    for (const roomId of directory.ownedIds()) {
      if (owned.has(roomId)) continue;
      // Not among the heads read above: a room opening right now has none yet, so look again.
      const owner = await storage.roomHeads.find(roomId);
      if (owner && owner.nodeId !== this.self) directory.drop(roomId, owner.epoch);
    }
    const running = new Set(directory.ownedIds());
    for (const roomId of owned) {
      if (running.has(roomId)) continue;
      const head = await storage.roomHeads.find(roomId);
      if (head?.nodeId === this.self) await this.run({ roomId, epoch: head.epoch, lastSeq: head.lastSeq }, null);
    }
  }

  private async run(claim: Omit<Claim, 'lostAt'>, lostAt: number | null): Promise<void> {
    await this.o.directory.adopt({ ...claim, lostAt }, lostAt);
    await this.announce({ roomId: claim.roomId, nodeId: this.self, epoch: claim.epoch, lastSeq: claim.lastSeq });
  }

  private async announce(change: OwnerChange): Promise<void> {
    await this.o.bus
      .publish(OWNERS_TOPIC, { type: 'owner-changed', ...change })
      .catch((err: unknown) => this.o.logger.warn({ err, roomId: change.roomId }, 'owner change not announced'));
  }

  private heard(message: PubSubMessage): void {
    const parsed = ownerChangedNotice.safeParse(message.payload);
    if (!parsed.success) {
      this.o.logger.warn({ topic: message.topic }, 'malformed ownership notice ignored');
      return;
    }
    const { type: _type, ...change } = parsed.data;
    if (change.nodeId !== this.self) this.o.directory.drop(change.roomId, change.epoch);
    if (change.nodeId === null) this.kick();
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (err) {
        this.o.logger.error({ err }, 'owner change listener failed');
      }
    }
  }
}
