/** CONNECT handling that needs no session state: the token, the CONNECTED and ERROR frames. */
import { bearerToken } from '../auth/access-token.js';
import { StompProtocolError } from './errors.js';
import { frame, headerValue, headerValueIgnoreCase, type Frame, type HeaderEntry } from './frame.js';
import type { NegotiatedHeartBeat } from './negotiate.js';

/**
 * The access token of a CONNECT: `Authorization: Bearer <token>` (header name in any case), or
 * else the `passcode` header. Null when neither carries one.
 */
export function connectToken(connect: Frame): string | null {
  const authorization = headerValueIgnoreCase(connect, 'authorization');
  const bearer = bearerToken(authorization);
  if (bearer) return bearer;
  const passcode = headerValue(connect, 'passcode')?.trim();
  return passcode ? passcode : null;
}

/** The CONNECTED frame for a negotiated session. */
export function connectedFrame(
  version: string,
  heartBeat: NegotiatedHeartBeat,
  sessionId: string,
  server: string,
): Frame {
  return frame('CONNECTED', { version, 'heart-beat': heartBeat.header, session: sessionId, server });
}

/**
 * The ERROR frame for a protocol error: Korean text in `message` and in the body, a stable `code`
 * (the reason a CONNECT was refused when there is one, so a client can tell a sanction from a
 * passing failure), the offending frame's receipt (if any) as `receipt-id`, and the versions we
 * speak when negotiation failed.
 */
export function errorFrame(error: StompProtocolError, receipt: string | undefined): Frame {
  const headers: HeaderEntry[] = [
    ['message', error.userMessage],
    ['code', error.reason ?? error.code],
    ['content-type', 'text/plain;charset=utf-8'],
  ];
  if (receipt !== undefined) headers.push(['receipt-id', receipt]);
  if (error.code === 'UNSUPPORTED_VERSION') headers.push(['version', '1.2,1.1,1.0']);
  return frame('ERROR', headers, error.userMessage);
}

/** The WebSocket close code that goes with a protocol error. */
export function closeCodeFor(error: StompProtocolError): number {
  switch (error.code) {
    case 'FRAME_TOO_LARGE':
    case 'BODY_TOO_LARGE':
    case 'BUFFER_OVERFLOW':
      return 1009;
    case 'UNAUTHENTICATED':
    case 'RATE_LIMITED':
    case 'TOO_MANY_SUBSCRIPTIONS':
    case 'CONNECT_TIMEOUT':
      return 1008;
    case 'TOO_MANY_USER_CONNECTIONS':
    case 'TOO_MANY_ADDRESS_CONNECTIONS':
      return 1013; // try again later
    default:
      return 1002;
  }
}
