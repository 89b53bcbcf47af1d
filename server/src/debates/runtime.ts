import type { Logger } from 'pino';
import type { Storage } from '../db/storage.js';
import type { PubSub } from '../realtime/pubsub.js';
import { createPubSub } from '../realtime/shared-pubsub.js';
import type { RedisLink } from '../redis/connection.js';
import { RoomDirectory } from './directory.js';
import type { RoomLimits } from './room-limits.js';
import { roomLifecycle } from './room-lifecycle.js';
import { RoomPublisher } from './room-publisher.js';

/** The live side of the debates feature, shared by its REST routes and its STOMP channels. */
export interface DebateRuntime {
  readonly directory: RoomDirectory;
  readonly publisher: RoomPublisher;
  readonly pubsub: PubSub;
}

/**
 * Creates the debate runtime of an app, once, with its other dependencies: the room directory,
 * the PubSub its rooms publish on, and what every committed batch goes through first: the
 * publisher (frames for subscribers), then the room's lifecycle (an ended room retires;
 * recruitment and endings are logged). In a cluster (a Redis link) the rooms publish
 * on Redis, so every node hears every room; otherwise in process.
 */
export function createDebateRuntime({
  storage,
  logger,
  redis,
  nodeId,
  limits,
}: {
  storage: Storage;
  logger: Logger;
  redis: RedisLink | null;
  /** This node's id (the owner it names in the heads of the rooms it runs). */
  nodeId: string;
  /** The chat and stance limits of the rooms this node runs. */
  limits: RoomLimits;
}): DebateRuntime {
  const onHandlerError = (err: unknown, topic: string) => logger.error({ err, topic }, 'pubsub handler failed');
  const pubsub = createPubSub(redis, onHandlerError);
  const directory = new RoomDirectory({ storage, logger, now: Date.now, nodeId, limits });
  const publisher = new RoomPublisher(pubsub, logger);
  directory.onCommitted(publisher.committed);
  directory.onCommitted(roomLifecycle(directory, logger));
  return { directory, publisher, pubsub };
}
