/** The default PubSub: synchronous fan-out inside this process. */
import { encodePayload, fanOut, type PubSub, type PubSubHandler, type Unsubscribe } from './pubsub.js';

export interface InProcessPubSubOptions {
  /** Called with errors thrown by handlers (they never reach the publisher). */
  readonly onHandlerError?: (error: unknown, topic: string) => void;
}

export class InProcessPubSub implements PubSub {
  private readonly topics = new Map<string, Set<PubSubHandler>>();
  private closed = false;

  constructor(private readonly options: InProcessPubSubOptions = {}) {}

  async publish(topic: string, payload: unknown): Promise<void> {
    this.deliver(topic, payload);
  }

  /** Runs every handler before returning, so in-process delivery is synchronous. */
  private deliver(topic: string, payload: unknown): void {
    const handlers = this.topics.get(topic);
    if (this.closed || !handlers || handlers.size === 0) return;
    fanOut(handlers, topic, encodePayload(payload), true, this.options.onHandlerError);
  }

  subscribe(topic: string, handler: PubSubHandler): Unsubscribe {
    if (this.closed) return () => {};
    const wrapped: PubSubHandler = (message) => handler(message); // one entry per call, even for the same function
    const handlers = this.topics.get(topic) ?? new Set();
    handlers.add(wrapped);
    this.topics.set(topic, handlers);
    return () => {
      handlers.delete(wrapped);
      if (handlers.size === 0 && this.topics.get(topic) === handlers) this.topics.delete(topic);
    };
  }

  async subscribeReady(topic: string, handler: PubSubHandler): Promise<Unsubscribe> {
    return this.subscribe(topic, handler);
  }

  /** An in-process bus has no connection to lose. */
  onReconnect(): Unsubscribe {
    return () => {};
  }

  /** Number of topics with at least one handler (for tests and metrics). */
  get topicCount(): number {
    return this.topics.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.topics.clear();
  }
}
