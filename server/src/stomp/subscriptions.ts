/** The subscriptions of one STOMP session, each with end listeners other modules can hook onto. */
import type { HeaderMap } from './frame.js';
import type { Subscription } from './hooks.js';

/** A subscription as its session keeps it: with the start of its MESSAGE frames, built once. */
export class ActiveSubscription implements Subscription {
  active = true;
  private listeners: (() => void)[] = [];

  constructor(
    readonly id: string,
    readonly destination: string,
    readonly headers: HeaderMap,
    /** `messageHeadPrefix` of this subscription on its session. */
    readonly headPrefix: Buffer,
    private readonly onListenerError: (error: unknown) => void,
  ) {}

  onEnd(listener: () => void): void {
    if (this.active) this.listeners.push(listener);
    else this.run(listener);
  }

  end(): void {
    if (!this.active) return;
    this.active = false;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) this.run(listener);
  }

  private run(listener: () => void): void {
    try {
      listener();
    } catch (error) {
      this.onListenerError(error);
    }
  }
}

export class SubscriptionSet {
  private readonly entries = new Map<string, ActiveSubscription>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  /** Read-only view by subscription id. */
  get byId(): ReadonlyMap<string, Subscription> {
    return this.entries;
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): ActiveSubscription | undefined {
    return this.entries.get(id);
  }

  /** Registers a subscription; the caller checked that `id` is free. */
  add(id: string, destination: string, headers: HeaderMap, headPrefix: Buffer): Subscription {
    const sub = new ActiveSubscription(id, destination, headers, headPrefix, this.onListenerError);
    this.entries.set(id, sub);
    return sub;
  }

  /** Removes and ends a subscription; returns it, or undefined if unknown. */
  remove(id: string): Subscription | undefined {
    const sub = this.entries.get(id);
    if (!sub) return undefined;
    this.entries.delete(id);
    sub.end();
    return sub;
  }

  /** Ends every subscription (session closed). */
  clear(): void {
    for (const id of [...this.entries.keys()]) this.remove(id);
  }
}
