/** Public API of live fan-out: the PubSub interface, in process and over Redis, and the STOMP bridge. */
export type { PubSub, PubSubHandler, PubSubMessage, Unsubscribe } from './pubsub.js';
export { InProcessPubSub, type InProcessPubSubOptions } from './in-process-pubsub.js';
export { RedisPubSub, type RedisPubSubOptions } from './redis-pubsub.js';
export { StompBroker, userTopic } from './stomp-broker.js';
