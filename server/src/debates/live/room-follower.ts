/**
 * Following one room from a node that does not own it: the room's channel on the PubSub, put in
 * order by a RoomSequencer, with the log read for what pub/sub cannot promise: the events
 * committed before the subscription took effect, and whatever was published while the bus was
 * away (a catch-up each time it reconnects).
 */
import type { PubSub, PubSubMessage } from '../../realtime/pubsub.js';
import { RoomSequencer, type ReadLogFrom, type Sequenced } from './room-sequencer.js';

export interface RoomFollowerOptions<E extends Sequenced> {
  readonly pubsub: PubSub;
  /** The room's channel, where its owner publishes each committed batch. */
  readonly channel: string;
  /** The first seq to deliver (1 for the whole log, last seen + 1 to resume). */
  readonly firstSeq: number;
  readonly readLogFrom: ReadLogFrom<E>;
  /** A published message as its batch of events, or null for anything else (checked at the edge, maybe handed on). */
  readonly batchOf: (message: PubSubMessage) => readonly E[] | null;
  /** Contiguous runs, each seq once, in order. */
  readonly deliver: (events: readonly E[]) => void;
  /** A log read that failed (the next batch or reconnect tries again). */
  readonly onError: (error: unknown) => void;
}

/** A room being followed. */
export interface Following {
  /** Reads whatever the log holds beyond what was delivered (an owner change, a periodic check). */
  readonly catchUp: () => void;
  readonly stop: () => void;
}

/** Starts following once subscribed and caught up with the log. */
export async function followRoom<E extends Sequenced>(options: RoomFollowerOptions<E>): Promise<Following> {
  const sequencer = new RoomSequencer(options.firstSeq, options.readLogFrom, options.deliver);
  const settle = (step: Promise<void>) => void step.catch(options.onError);
  const unsubscribe = await options.pubsub.subscribeReady(options.channel, (message) => {
    const batch = options.batchOf(message);
    if (batch) settle(sequencer.offer(batch));
  });
  const offReconnect = options.pubsub.onReconnect(() => settle(sequencer.catchUp()));
  try {
    await sequencer.catchUp();
  } catch (error) {
    unsubscribe();
    offReconnect();
    throw error;
  }
  return {
    catchUp: () => settle(sequencer.catchUp()),
    stop: () => {
      unsubscribe();
      offReconnect();
    },
  };
}
