/**
 * The bounds every live endpoint of the server shares (debate and notification sockets alike):
 * one count of connections per user and per client address, one budget for the bytes waiting to
 * be sent, and the WebSocket ping that finds clients without heart-beats that have gone away.
 */
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';
import { proxiedAddress } from '../http/rate-limit.js';
import { ConnectionGate, OutboundBudget, type AttachStompOptions } from '../stomp/index.js';

/** What each `attachStomp` of the server is given. */
export type SocketLimits = Required<Pick<AttachStompOptions<never, never>, 'gate' | 'budget' | 'addressOf'>> & {
  readonly heartBeat: { readonly pingMs: number };
};

/** The shared bounds, from the configuration (`LIVE_*`, `TRUST_PROXY`). */
export function socketLimits(config: Config): SocketLimits {
  const { live, trustProxy } = config;
  return {
    gate: new ConnectionGate({ perPrincipal: live.connectionsPerUser, perAddress: live.connectionsPerAddress }),
    budget: new OutboundBudget(live.outboundBudgetBytes),
    addressOf: (request: IncomingMessage) => {
      const header = request.headers['x-forwarded-for'];
      const forwarded = proxiedAddress(Array.isArray(header) ? header.at(-1) : header, trustProxy);
      return forwarded ?? request.socket.remoteAddress ?? 'unknown';
    },
    heartBeat: { pingMs: live.pingMs },
  };
}
