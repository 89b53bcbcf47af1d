/**
 * How many connections one user and one client address may hold at once, counted over every
 * STOMP endpoint that shares the gate. A socket over its address's limit, or a CONNECT over its
 * user's, is refused with a Korean ERROR frame and close code 1013 (try again later).
 */

export interface ConnectionLimits {
  /** Connected sessions per principal. */
  readonly perPrincipal: number;
  /** Open sockets per client address, connected or not. */
  readonly perAddress: number;
}

const UNLIMITED_CONNECTIONS: ConnectionLimits = { perPrincipal: Infinity, perAddress: Infinity };

/** Counts held per key, each within a limit. */
class Counter<K> {
  private readonly counts = new Map<K, number>();

  constructor(private readonly limit: number) {}

  /** Counts one more for `key`; false (and nothing counted) when the key already holds its limit. */
  take(key: K): boolean {
    const held = this.counts.get(key) ?? 0;
    if (held >= this.limit) return false;
    this.counts.set(key, held + 1);
    return true;
  }

  give(key: K): void {
    const held = (this.counts.get(key) ?? 0) - 1;
    if (held > 0) this.counts.set(key, held);
    else this.counts.delete(key);
  }
}

export class ConnectionGate {
  private readonly addresses: Counter<string>;
  private readonly principals: Counter<string | number>;

  constructor(readonly limits: ConnectionLimits = UNLIMITED_CONNECTIONS) {
    this.addresses = new Counter(limits.perAddress);
    this.principals = new Counter(limits.perPrincipal);
  }

  /** A socket from `address` opens; false when the address already holds its limit. */
  openFrom(address: string): boolean {
    return this.addresses.take(address);
  }

  /** A socket counted by `openFrom` has closed. */
  closedFrom(address: string): void {
    this.addresses.give(address);
  }

  /** A session of `principal` connects; false when the principal already holds its limit. */
  connect(principal: string | number): boolean {
    return this.principals.take(principal);
  }

  /** A session counted by `connect` has closed. */
  disconnected(principal: string | number): void {
    this.principals.give(principal);
  }
}
