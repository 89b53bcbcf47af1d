/**
 * The node that last answered for each room a node forwards commands to, so that the next command
 * goes straight there instead of reading the room heads first: under load that read waits for a
 * pooled connection behind the rooms' appends. A guess, not the truth: ownership notices keep it
 * current, and an owner that no longer runs the room says so, which drops the guess (see
 * forwarder). Bounded: past `max` rooms the one used longest ago goes (an ended room is never
 * asked about again).
 */
import type { OwnerChange, RoomOwner } from '../room-owners.js';

export class KnownOwners {
  /** In order of use, the least recent first. */
  private readonly owners = new Map<string, RoomOwner>();
  private readonly reading = new Map<string, Promise<RoomOwner | null>>();

  constructor(
    /** This node, whose rooms never go through forwarding. */
    private readonly self: string,
    /** Reads a room's owner from the heads. */
    private readonly readHeads: (roomId: string) => Promise<RoomOwner | null>,
    private readonly max: number,
  ) {}

  get(roomId: string): RoomOwner | undefined {
    return this.owners.get(roomId);
  }

  /** The owner that answered for the room or that the heads named, unless a notice named a later one meanwhile. */
  remember(roomId: string, owner: RoomOwner): void {
    const known = this.owners.get(roomId);
    this.owners.delete(roomId);
    this.owners.set(roomId, known && known.epoch > owner.epoch ? known : owner);
    if (this.owners.size > this.max) this.owners.delete(this.owners.keys().next().value!);
  }

  /**
   * The room's owner as the heads name it, and the guess from now on: read once for every command
   * that asks while the read is on its way (a room's first commands come together: a hundred
   * observers arriving).
   */
  readOwner(roomId: string): Promise<RoomOwner | null> {
    const reading = this.reading.get(roomId);
    if (reading) return reading;
    const read = this.readHeads(roomId).then((owner) => {
      if (owner && owner.nodeId !== this.self) this.remember(roomId, owner);
      return owner;
    });
    read.finally(() => this.reading.delete(roomId)).catch(() => undefined);
    this.reading.set(roomId, read);
    return read;
  }

  forget(roomId: string): void {
    this.owners.delete(roomId);
  }

  /**
   * An ownership notice: a room known here follows its new owner; one released or taken by this
   * node is forgotten. Notices from different nodes may arrive out of order: an older one is ignored.
   */
  heard({ roomId, nodeId, epoch, lastSeq }: OwnerChange): void {
    const known = this.owners.get(roomId);
    if (!known || known.epoch > epoch) return;
    if (nodeId === null || nodeId === this.self) this.forget(roomId);
    else this.owners.set(roomId, { nodeId, epoch, lastSeq });
  }
}
