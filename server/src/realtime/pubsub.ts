/**
 * The one interface for live fan-out between producers (room actors, the room list, notifications)
 * and consumers (STOMP sessions). In-process by default; a Redis implementation can follow and
 * must pass the same contract suite (server/test/realtime/pubsub.contract.ts).
 */

/** One delivered publication. Payloads travel as JSON, so every implementation behaves alike. */
export interface PubSubMessage {
  readonly topic: string;
  /** The payload as JSON text, encoded once per publish (ready to put into MESSAGE frames). */
  readonly json: string;
  /** The payload as `JSON.parse(json)`: a fresh value per message; Dates arrive as strings, undefined fields are gone. */
  readonly payload: unknown;
}

export type PubSubHandler = (message: PubSubMessage) => void;
export type Unsubscribe = () => void;

export interface PubSub {
  /**
   * Publishes a JSON-serialisable payload on `topic` (exact match, no wildcards, e.g.
   * `/topic/debate/{roomId}`). Publications of one publisher on one topic arrive in order.
   * A handler that throws affects neither the publisher nor the other handlers.
   */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Subscribes `handler` to `topic`. It receives every publication started after `subscribe`
   * returned, until the returned function is called (idempotent).
   */
  subscribe(topic: string, handler: PubSubHandler): Unsubscribe;
  /** Stops all deliveries and frees resources. */
  close(): Promise<void>;
}

/** Encodes a payload as JSON text; values JSON cannot represent (undefined, functions) become `null`. */
export function encodePayload(payload: unknown): string {
  return JSON.stringify(payload) ?? 'null';
}

/** A message over JSON text whose `payload` is parsed on first use, once per message. */
export function messageOf(topic: string, json: string): PubSubMessage {
  let parsed: { value: unknown } | undefined;
  return {
    topic,
    json,
    get payload() {
      parsed ??= { value: JSON.parse(json) as unknown };
      return parsed.value;
    },
  };
}
