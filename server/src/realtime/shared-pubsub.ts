/**
 * The PubSub of a node: in process on a single node, Redis when the nodes share one (REDIS_URL),
 * so whatever publishes through it reaches subscribers on every node.
 */
import type { RedisLink } from '../redis/connection.js';
import { InProcessPubSub } from './in-process-pubsub.js';
import type { PubSub } from './pubsub.js';
import { RedisPubSub } from './redis-pubsub.js';

/** A bus over `redis` when given, else in process; `onHandlerError` hears handlers that throw. */
export function createPubSub(redis: RedisLink | null, onHandlerError: (error: unknown, topic: string) => void): PubSub {
  return redis ? new RedisPubSub(redis, { onHandlerError }) : new InProcessPubSub({ onHandlerError });
}
