/**
 * One budget for the bytes waiting to be sent on all connections together. Each connection is
 * also held to its own limit (`maxBufferedBytes`), but many readers that each stay just under it
 * could still take the process's memory; when the total passes the budget, the connections with
 * the most waiting — the slowest readers — are closed first until the total is back under it.
 */

/** What the budget sees of a connection. */
export interface BufferedConnection {
  /** Bytes queued for the client, not yet taken by it. */
  readonly bufferedBytes: number;
  /** Closes the connection at once (its queued bytes are dropped). */
  shed(): void;
}

const UNLIMITED_OUTBOUND = Infinity;

export class OutboundBudget {
  private readonly connections = new Set<BufferedConnection>();
  /** Bytes every connection holds for its client (queued or in a write not yet done), as they report them. */
  private held = 0;
  private sweepDue = false;

  /** @param maxBytes the most bytes all connections together may have waiting (Infinity: no budget). */
  constructor(readonly maxBytes: number = UNLIMITED_OUTBOUND) {}

  /** The bytes connections hold for their clients now, as they reported them. */
  get heldBytes(): number {
    return this.held;
  }

  /** Counts a connection until `untrack`. */
  track(connection: BufferedConnection): void {
    if (Number.isFinite(this.maxBytes)) this.connections.add(connection);
  }

  untrack(connection: BufferedConnection): void {
    this.connections.delete(connection);
  }

  /**
   * Takes a change in the bytes a connection holds (more queued, a write done, a queue dropped).
   * The total is kept as it changes, so no timer walks every connection: only a total over the
   * budget schedules a sweep, once per event-loop turn.
   */
  count(deltaBytes: number): void {
    if (!Number.isFinite(this.maxBytes)) return;
    this.held += deltaBytes;
    if (this.held <= this.maxBytes || this.sweepDue) return;
    this.sweepDue = true;
    setImmediate(() => {
      this.sweepDue = false;
      this.sweep();
    });
  }

  /**
   * Closes the slowest readers while the bytes waiting on all connections exceed the budget; returns
   * how many. What waits is what each connection's client has not yet taken (`bufferedBytes`).
   */
  sweep(): number {
    let total = 0;
    for (const c of this.connections) total += c.bufferedBytes;
    if (total <= this.maxBytes) return 0;
    const slowestFirst = [...this.connections].sort((a, b) => b.bufferedBytes - a.bufferedBytes);
    let shed = 0;
    for (const c of slowestFirst) {
      if (total <= this.maxBytes) break;
      total -= c.bufferedBytes;
      this.untrack(c);
      c.shed();
      shed++;
    }
    return shed;
  }
}
