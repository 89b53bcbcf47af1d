/**
 * The one interface for live fan-out between producers (room actors, the room list, notifications)
 * and consumers (STOMP sessions). In-process by default, Redis across nodes (REDIS_URL); both pass
 * the same contract suite (server/test/realtime/pubsub.contract.ts).
 */

/** One delivered publication. Payloads travel as JSON, so every implementation behaves alike. */
export interface PubSubMessage {
  readonly topic: string;
  /** The payload as JSON text, encoded once per publish (ready to put into MESSAGE frames). */
  readonly json: string;
  /**
   * The payload as `JSON.parse(json)`: a fresh value per message; Dates arrive as strings, undefined fields are gone.
   */
  readonly payload: unknown;
  /** Whether this bus instance published it: its own code made it, so there is nothing to distrust. */
  readonly fromHere: boolean;
}

export type PubSubHandler = (message: PubSubMessage) => void;
export type Unsubscribe = () => void;

export interface PubSub {
  /**
   * Publishes a JSON-serialisable payload on `topic` (exact match, no wildcards, e.g.
   * `/topic/debate/{roomId}`). Publications of one publisher on one topic arrive in order.
   * This instance's own subscribers get it before `publish` returns, once, whether or not the
   * shared bus is reachable; subscribers elsewhere get it through the bus. A handler that throws
   * affects neither the publisher nor the other handlers. Rejects when the bus is unreachable:
   * the other instances did not get it, and nothing is queued for later (a stale publication is
   * worse than none; whoever must not miss one catches up through `onReconnect`).
   */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Subscribes `handler` to `topic` until the returned function is called (idempotent). In
   * process it receives every publication started after `subscribe` returned; a shared bus
   * registers the subscription asynchronously (use `subscribeReady` when that moment matters).
   */
  subscribe(topic: string, handler: PubSubHandler): Unsubscribe;
  /**
   * Like `subscribe`, resolving once the bus has registered the subscription: every publication
   * started after that reaches the handler. Rejects (subscribing nothing) when the bus is unreachable.
   */
  subscribeReady(topic: string, handler: PubSubHandler): Promise<Unsubscribe>;
  /**
   * Runs `listener` each time the bus got its connection back after losing it: publications in
   * between may be lost, so whoever must not miss one catches up from the source of truth then.
   * Every subscription is registered again before the listeners run. In process: never.
   */
  onReconnect(listener: () => void): Unsubscribe;
  /** Stops all deliveries and frees resources. */
  close(): Promise<void>;
}

/** Encodes a payload as JSON text; values JSON cannot represent (undefined, functions) become `null`. */
export function encodePayload(payload: unknown): string {
  return JSON.stringify(payload) ?? 'null';
}

/**
 * Runs each handler of `handlers` on one publication, each with its own message; a handler that
 * throws is reported to `onError` and stops no other, and one unsubscribed by an earlier handler
 * of this delivery is skipped.
 */
export function fanOut(
  handlers: ReadonlySet<PubSubHandler>,
  topic: string,
  json: string,
  fromHere: boolean,
  onError?: (error: unknown, topic: string) => void,
): void {
  for (const handler of [...handlers]) {
    if (!handlers.has(handler)) continue;
    try {
      handler(messageOf(topic, json, fromHere));
    } catch (error) {
      onError?.(error, topic);
    }
  }
}

/** A message over JSON text whose `payload` is parsed on first use, once per message. */
function messageOf(topic: string, json: string, fromHere: boolean): PubSubMessage {
  let parsed: { value: unknown } | undefined;
  return {
    topic,
    json,
    fromHere,
    get payload() {
      parsed ??= { value: JSON.parse(json) as unknown };
      return parsed.value;
    },
  };
}
