/**
 * Where a room's committed batches leave for its subscribers: one PubSub message per committed
 * batch on the room's channel, with the events and their seqs. Each process that has subscribers
 * of the room hears it once and builds every frame from it (legacy topics and the native stream,
 * see live/room-feeds). The few legacy bodies that belong to no batch (a rejoin's `user_joined`, a
 * refused join's `error`) travel on the same channel as notices, and so do the room's coalesced
 * stance boards (live/stance-boards).
 */
import type { LegacyBody, RoomEvent, StanceBoard } from '@toron/engine';
import type { Logger } from 'pino';
import type { PubSub, Unsubscribe } from '../realtime/pubsub.js';
import type { CommittedBatch } from './actor.js';

/** What travels on a room's channel. */
export type RoomMessage =
  | { readonly kind: 'batch'; readonly events: readonly RoomEvent[] }
  | { readonly kind: 'notice'; readonly body: LegacyBody }
  | { readonly kind: 'stance'; readonly board: StanceBoard };

/** The internal channel of one room. */
const roomChannel = (roomId: string): string => `internal/rooms/${roomId}`;

export class RoomPublisher {
  constructor(
    private readonly pubsub: PubSub,
    private readonly logger: Logger,
  ) {}

  /** Publishes a committed batch (a directory listener); a failed publication is logged. */
  readonly committed = ({ roomId, events }: CommittedBatch): void => {
    this.publish(roomId, { kind: 'batch', events });
  };

  /** Publishes one legacy body outside any batch, for the debate topic. */
  publishLegacy(roomId: string, body: LegacyBody): Promise<void> {
    return this.pubsub.publish(roomChannel(roomId), { kind: 'notice', body } satisfies RoomMessage);
  }

  /** Publishes a room's stance board for its stance-topic subscribers; a failed publication is logged. */
  publishStance(board: StanceBoard): void {
    this.publish(board.roomId, { kind: 'stance', board });
  }

  /** Hears every message of the room published from now on, in order, until the returned function runs. */
  subscribe(roomId: string, onMessage: (message: RoomMessage) => void): Unsubscribe {
    // Only this module publishes on the channel, always stored (validated) events or a legacy body.
    return this.pubsub.subscribe(roomChannel(roomId), (m) => onMessage(m.payload as RoomMessage));
  }

  private publish(roomId: string, message: RoomMessage): void {
    this.pubsub
      .publish(roomChannel(roomId), message)
      .catch((err: unknown) => this.logger.error({ err, roomId }, 'publish failed'));
  }
}
