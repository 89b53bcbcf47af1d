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
const SWEEP_EVERY_MS = 250;

export class OutboundBudget {
  private readonly connections = new Set<BufferedConnection>();
  private timer: NodeJS.Timeout | null = null;

  /** @param maxBytes the most bytes all connections together may have waiting (Infinity: no budget). */
  constructor(readonly maxBytes: number = UNLIMITED_OUTBOUND) {}

  /** Counts a connection until `untrack`. */
  track(connection: BufferedConnection): void {
    if (!Number.isFinite(this.maxBytes)) return;
    this.connections.add(connection);
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
      this.timer.unref();
    }
  }

  untrack(connection: BufferedConnection): void {
    this.connections.delete(connection);
    if (this.connections.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Closes the slowest readers while the bytes waiting on all connections exceed the budget; returns how many. */
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
