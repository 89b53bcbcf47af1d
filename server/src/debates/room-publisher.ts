/**
 * The one place where a room's committed batches become what its subscribers receive: the
 * legacy messages with their exact texts on the debate and observer topics, and the batch itself
 * on the room's event topic, which the native stream turns into one frame per event and reader.
 * Everything travels through the PubSub, so a subscriber hears it whichever process it is on.
 */
import { debateTopic, legacyMessages, observerTopic, type LegacyBody, type RoomEvent } from '@toron/engine';
import type { Logger } from 'pino';
import type { PubSub, Unsubscribe } from '../realtime/pubsub.js';
import type { CommittedBatch } from './actor.js';

/** The internal topic carrying each committed batch of a room's events (redacted per reader later). */
const eventsTopic = (roomId: string): string => `internal/rooms/${roomId}/events`;

export class RoomPublisher {
  constructor(
    private readonly pubsub: PubSub,
    private readonly logger: Logger,
  ) {}

  /** Publishes a committed batch (a directory listener); a failed publication is logged. */
  readonly committed = ({ roomId, events }: CommittedBatch): void => {
    this.publish(roomId, events).catch((err: unknown) => this.logger.error({ err, roomId }, 'publish failed'));
  };

  /** Publishes one legacy body (a refused join's `error`, a rejoin's `user_joined`) on the debate topic. */
  publishLegacy(roomId: string, body: LegacyBody): Promise<void> {
    return this.pubsub.publish(debateTopic(roomId), body);
  }

  /** Hears every batch of the room published from now on, in order, until the returned function runs. */
  follow(roomId: string, onBatch: (events: readonly RoomEvent[]) => void): Unsubscribe {
    // Only this module publishes on the topic, always a batch of stored (validated) events.
    return this.pubsub.subscribe(eventsTopic(roomId), (m) => onBatch(m.payload as RoomEvent[]));
  }

  private async publish(roomId: string, events: readonly RoomEvent[]): Promise<void> {
    for (const message of legacyMessages(roomId, events)) {
      await this.pubsub.publish(message.topic === 'debate' ? debateTopic(roomId) : observerTopic(roomId), message.body);
    }
    await this.pubsub.publish(eventsTopic(roomId), events);
  }
}
