/**
 * Where a room's committed batches leave for its subscribers: one PubSub message per committed
 * batch on the room's channel, with the events and their seqs. Each process that has subscribers
 * of the room hears it once and builds every frame from it (legacy topics and the native stream,
 * see live/room-feeds). The few legacy bodies that belong to no batch (a rejoin's `user_joined`, a
 * refused join's `error`) travel on the same channel as notices, and so do the room's coalesced
 * stance boards (live/stance-boards).
 *
 * Across nodes the channel is a Redis channel: a message from another node is validated where it
 * arrives (this node's own reach its subscribers in process), and a node that must not miss an
 * event follows the room (`follow`): batches in seq order, gaps filled from the log
 * (live/room-follower).
 */
import {
  legacyBodySchema,
  roomEventSchema,
  stanceBoardSchema,
  type LegacyBody,
  type RoomEvent,
  type StanceBoard,
} from '@toron/engine';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PubSub, PubSubMessage, Unsubscribe } from '../realtime/pubsub.js';
import type { CommittedBatch } from './actor.js';
import { followRoom, type Following } from './live/room-follower.js';
import type { RoomEventStore } from './store.js';

/** What travels on a room's channel. */
export type RoomMessage =
  | { readonly kind: 'batch'; readonly events: readonly RoomEvent[] }
  | { readonly kind: 'notice'; readonly body: LegacyBody }
  | { readonly kind: 'stance'; readonly board: StanceBoard };

const roomMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('batch'), events: z.array(roomEventSchema).min(1) }),
  z.object({ kind: z.literal('notice'), body: legacyBodySchema }),
  z.object({ kind: z.literal('stance'), board: stanceBoardSchema }),
]);

/** The channel of one room. */
const roomChannel = (roomId: string): string => `room:${roomId}`;

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

  /**
   * Follows the room from `firstSeq` on (the seq after the state its follower holds): every later
   * batch exactly once and in seq order, whatever the bus lost (read back from `log`), and the
   * notices and boards as they come. Resolves once following; invalid messages are logged and dropped.
   */
  follow(
    roomId: string,
    firstSeq: number,
    log: Pick<RoomEventStore, 'load'>,
    onMessage: (message: RoomMessage) => void,
  ): Promise<Following> {
    const parse = ({ payload, fromHere }: PubSubMessage): RoomMessage | null => {
      // This node's own publication is one of its committed batches, already checked when stored.
      if (fromHere) return payload as RoomMessage;
      const parsed = roomMessageSchema.safeParse(payload);
      if (parsed.success) return parsed.data;
      this.logger.warn({ roomId, issues: parsed.error.issues.slice(0, 3) }, 'invalid room message dropped');
      return null;
    };
    return followRoom<RoomEvent>({
      pubsub: this.pubsub,
      channel: roomChannel(roomId),
      // Known before subscribing: what is committed in between comes from the log's catch-up.
      firstSeq,
      readLogFrom: (fromSeq) => log.load(roomId, fromSeq),
      batchOf: (published) => {
        const message = parse(published);
        if (message && message.kind !== 'batch') onMessage(message);
        return message?.kind === 'batch' ? message.events : null;
      },
      deliver: (events) => onMessage({ kind: 'batch', events }),
      onError: (err) => this.logger.warn({ err, roomId }, 'room log not read; retried with the next batch'),
    });
  }

  private publish(roomId: string, message: RoomMessage): void {
    this.pubsub
      .publish(roomChannel(roomId), message)
      .catch((err: unknown) => this.logger.error({ err, roomId }, 'publish failed'));
  }
}
