/** Public API of live fan-out: the PubSub in process and the STOMP bridge. */
export { InProcessPubSub } from './in-process-pubsub.js';
export { StompBroker } from './stomp-broker.js';
