import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import type { EventBus } from '../events.js';
import { InProcessPubSub } from '../realtime/in-process-pubsub.js';
import type { PubSub } from '../realtime/pubsub.js';
import { RoomDirectory } from './directory.js';

/** The live side of the debates feature, shared by its REST routes and its STOMP channels. */
export interface DebateRuntime {
  readonly directory: RoomDirectory;
  readonly pubsub: PubSub;
}

/**
 * Creates the debate runtime of an app, once, with its other dependencies: the room directory
 * and the PubSub its rooms publish on. Recruitment and endings are also logged.
 */
export function createDebateRuntime({
  db,
  events,
  logger,
}: {
  db: Db;
  events: EventBus;
  logger: Logger;
}): DebateRuntime {
  const pubsub = new InProcessPubSub({
    onHandlerError: (err, topic) => logger.error({ err, topic }, 'pubsub handler failed'),
  });
  const directory = new RoomDirectory({ db, pubsub, events, logger, now: Date.now });
  events.on('recruitment-completed', (e) =>
    logger.info({ roomId: e.roomId, userId: e.userId, side: e.side }, 'debate recruitment completed'),
  );
  events.on('debate-ended', (e) =>
    logger.info({ roomId: e.roomId, userId: e.userId, outcome: e.outcome }, 'debate ended'),
  );
  return { directory, pubsub };
}
