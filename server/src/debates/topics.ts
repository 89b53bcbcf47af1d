import { debateTopic, legacyMessages, observerTopic, type LegacyBody, type RoomEvent } from '@toron/engine';
import type { PubSub } from '../realtime/pubsub.js';

/** The internal PubSub topic carrying each committed batch of a room's raw events (redacted per reader later). */
export const rawEventsTopic = (roomId: string): string => `internal/rooms/${roomId}/events`;

/**
 * Publishes a committed batch: the legacy messages with their exact texts to the debate and
 * observer topics, and the raw events (for the native stream) to the internal topic.
 */
export async function publishEvents(pubsub: PubSub, roomId: string, events: readonly RoomEvent[]): Promise<void> {
  for (const message of legacyMessages(roomId, events)) {
    await pubsub.publish(message.topic === 'debate' ? debateTopic(roomId) : observerTopic(roomId), message.body);
  }
  await pubsub.publish(rawEventsTopic(roomId), events);
}

/** Publishes one legacy body (e.g. a refused join's `error` event) on the debate topic. */
export function publishLegacy(pubsub: PubSub, roomId: string, body: LegacyBody): Promise<void> {
  return pubsub.publish(debateTopic(roomId), body);
}
