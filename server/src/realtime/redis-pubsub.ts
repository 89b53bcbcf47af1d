/**
 * The PubSub across nodes: Redis channels named after the topics. One Redis subscription per
 * topic in this process fans out to its local handlers; a payload is encoded once per publish.
 * A publication reaches this instance's own handlers in process, at once and even while Redis is
 * away, and goes out on Redis tagged with this instance's mark, so that its echo is recognised
 * and dropped: local subscribers never wait on (or pay for) a round trip through Redis.
 * Redis pub/sub delivers in publish order per connection and at most once, so every consumer
 * that must not miss a publication from another node catches up through `onReconnect` (see
 * debates/live relay).
 */
import { randomBytes } from 'node:crypto';
import type { RedisLink } from '../redis/connection.js';
import { encodePayload, fanOut, type PubSub, type PubSubHandler, type Unsubscribe } from './pubsub.js';

/** Length of the mark that starts every message on Redis (9 random bytes in base64url). */
const MARK_LENGTH = 12;

export interface RedisPubSubOptions {
  /** Called with errors thrown by handlers (they never reach the publisher). */
  readonly onHandlerError?: (error: unknown, topic: string) => void;
}

interface Topic {
  readonly handlers: Set<PubSubHandler>;
  /** The one listener Redis calls for this topic, with the message as published (mark and JSON). */
  readonly listener: (message: string) => void;
  /** Settles when Redis has registered the subscription (rejects when it could not). */
  registered: Promise<void>;
  /** Whether the registration succeeded (a failed one is renewed when the link is back). */
  confirmed: boolean;
}

export class RedisPubSub implements PubSub {
  private readonly topics = new Map<string, Topic>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly offRestored: () => void;
  /** Starts this instance's messages on Redis: random, so instances in one process differ too. */
  private readonly mark = randomBytes(9).toString('base64url');
  private closed = false;

  constructor(
    private readonly link: RedisLink,
    private readonly options: RedisPubSubOptions = {},
  ) {
    this.offRestored = link.onRestored(() => void this.restored());
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    if (this.closed) return;
    const json = encodePayload(payload);
    const local = this.topics.get(topic);
    if (local) fanOut(local.handlers, topic, json, true, this.options.onHandlerError);
    await this.link.commands.publish(topic, this.mark + json);
  }

  subscribe(topic: string, handler: PubSubHandler): Unsubscribe {
    if (this.closed) return () => {};
    const wrapped: PubSubHandler = (message) => handler(message); // one entry per call, even for the same function
    const entry = this.topics.get(topic) ?? this.open(topic);
    entry.handlers.add(wrapped);
    return () => {
      entry.handlers.delete(wrapped);
      if (entry.handlers.size > 0 || this.topics.get(topic) !== entry) return;
      this.topics.delete(topic);
      this.link.subscriber.unsubscribe(topic, entry.listener).catch(() => undefined); // a lost link drops it anyway
    };
  }

  async subscribeReady(topic: string, handler: PubSubHandler): Promise<Unsubscribe> {
    const stop = this.subscribe(topic, handler);
    try {
      await this.topics.get(topic)?.registered;
    } catch (err) {
      stop();
      throw err;
    }
    return stop;
  }

  onReconnect(listener: () => void): Unsubscribe {
    const own = () => listener();
    this.reconnectListeners.add(own);
    return () => this.reconnectListeners.delete(own);
  }

  /** Number of topics with at least one handler in this process. */
  get topicCount(): number {
    return this.topics.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.offRestored();
    this.reconnectListeners.clear();
    const topics = [...this.topics];
    this.topics.clear();
    await Promise.all(
      topics.map(([topic, entry]) => this.link.subscriber.unsubscribe(topic, entry.listener).catch(() => undefined)),
    );
  }

  private open(topic: string): Topic {
    const handlers = new Set<PubSubHandler>();
    const entry: Topic = {
      handlers,
      listener: (message) => this.deliver(topic, handlers, message),
      registered: Promise.resolve(),
      confirmed: false,
    };
    this.register(topic, entry);
    this.topics.set(topic, entry);
    return entry;
  }

  private register(topic: string, entry: Topic): void {
    entry.registered = this.link.subscriber.subscribe(topic, entry.listener).then(() => {
      entry.confirmed = true;
    });
    entry.registered.catch(() => undefined); // awaited by subscribeReady; otherwise renewed on restore
  }

  /** A message from Redis: another instance's is delivered; this one's own echo was delivered already. */
  private deliver(topic: string, handlers: Set<PubSubHandler>, message: string): void {
    if (this.closed || message.startsWith(this.mark)) return;
    fanOut(handlers, topic, message.slice(MARK_LENGTH), false, this.options.onHandlerError);
  }

  /** The link is back: renew subscriptions that failed meanwhile, then tell the listeners. */
  private async restored(): Promise<void> {
    const renewals = [...this.topics]
      .filter(([, entry]) => !entry.confirmed)
      .map(([topic, entry]) => {
        this.register(topic, entry);
        return entry.registered.catch(() => undefined);
      });
    await Promise.all(renewals);
    if (this.closed) return;
    for (const listener of [...this.reconnectListeners]) listener();
  }
}
