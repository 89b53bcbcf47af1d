/** Public API of the STOMP 1.2 over WebSocket layer. */
export { attachStomp, stompWebSocketServerOptions, type AttachStompOptions, type StompServer } from './server.js';
export type {
  AuthResult,
  ConnectRequest,
  PrincipalLike,
  Session,
  StompHooks,
  StompLogger,
  SubscribeRefusal,
  Subscription,
} from './hooks.js';
export { pathRouter, type RoutedEndpoint } from './endpoints.js';
export { PreparedBody } from './message-body.js';
export { StompProtocolError, type StompErrorCode } from './errors.js';
export { frame, headerValue, headerMap, type Frame, type HeaderMap, type StompVersion } from './frame.js';
export { FrameParser } from './parser.js';
export { serializeFrame } from './serializer.js';
export {
  DEFAULT_FRAME_LIMITS,
  DEFAULT_SESSION_LIMITS,
  DEFAULT_HEART_BEAT,
  type FrameLimits,
  type SessionLimits,
  type HeartBeatOptions,
} from './limits.js';
export { CloseCode } from './transport.js';
export { ConnectionGate, type ConnectionLimits } from './connection-gate.js';
export { OutboundBudget } from './outbound-budget.js';
export { RESTART_REASON } from './shutdown.js';
