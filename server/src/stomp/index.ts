/** Public API of the STOMP 1.2 over WebSocket layer. */
export { attachStomp, stompWebSocketServerOptions, type AttachStompOptions, type StompServer } from './server.js';
export type { AuthRefusal, AuthResult, Session } from './hooks.js';
export { pathRouter, type RoutedEndpoint } from './endpoints.js';
export { ConnectionGate } from './connection-gate.js';
export { OutboundBudget } from './outbound-budget.js';
export { RESTART_REASON } from './shutdown.js';
