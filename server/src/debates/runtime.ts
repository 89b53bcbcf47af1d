import type { AppDeps } from '../deps.js';
import { InProcessPubSub } from '../realtime/in-process-pubsub.js';
import type { PubSub } from '../realtime/pubsub.js';
import { RoomDirectory } from './directory.js';

/** The live side of the debates feature, shared by its REST routes and its STOMP channels. */
export interface DebateRuntime {
  readonly directory: RoomDirectory;
  readonly pubsub: PubSub;
}

const runtimes = new WeakMap<AppDeps, DebateRuntime>();

/**
 * The one debate runtime of an app (created on first use, one per `deps`): the room directory
 * and the PubSub its rooms publish on. Domain events are logged here until notifications hook in.
 */
export function debateRuntime(deps: AppDeps): DebateRuntime {
  const existing = runtimes.get(deps);
  if (existing) return existing;
  const { logger } = deps;
  const pubsub = new InProcessPubSub({
    onHandlerError: (err, topic) => logger.error({ err, topic }, 'pubsub handler failed'),
  });
  const directory = new RoomDirectory({ db: deps.db, pubsub, events: deps.events, logger, now: Date.now });
  deps.events.on('recruitment-completed', (e) =>
    logger.info({ roomId: e.roomId, userId: e.userId, side: e.side }, 'debate recruitment completed'),
  );
  deps.events.on('debate-ended', (e) =>
    logger.info({ roomId: e.roomId, userId: e.userId, outcome: e.outcome }, 'debate ended'),
  );
  const runtime = { directory, pubsub };
  runtimes.set(deps, runtime);
  return runtime;
}
