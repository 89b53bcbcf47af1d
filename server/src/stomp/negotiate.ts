/** CONNECT negotiation: protocol version and heart-beat intervals (STOMP 1.2 §Protocol Negotiation, §Heart-beating). */
import { STOMP_VERSIONS, type StompVersion } from './frame.js';
import type { HeartBeatOptions } from './limits.js';

/** WebSocket sub-protocols we accept, best first; the server never answers with any other. */
const STOMP_SUBPROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'] as const;

/**
 * Picks the highest version both sides speak from an `accept-version` header. A missing header
 * means a STOMP 1.0 client. Returns null when there is nothing in common.
 */
export function negotiateVersion(acceptVersion: string | undefined): StompVersion | null {
  if (acceptVersion === undefined) return '1.0';
  const offered = new Set(acceptVersion.split(',').map((v) => v.trim()));
  return STOMP_VERSIONS.find((v) => offered.has(v)) ?? null;
}

export interface NegotiatedHeartBeat {
  /** How often the server sends a ping (ms); 0 = never. */
  readonly sendEveryMs: number;
  /** How often the client promised to send something (ms); 0 = no watchdog. */
  readonly expectEveryMs: number;
  /** The value of the CONNECTED frame's `heart-beat` header. */
  readonly header: string;
}

/**
 * Combines the client's `heart-beat: cx,cy` with the server's offer. Malformed values count as
 * `0,0` (no heart-beating), which is what STOMP prescribes for a missing header. STOMP 1.0 has none.
 */
export function negotiateHeartBeat(
  clientHeader: string | undefined,
  server: HeartBeatOptions,
  version: StompVersion,
): NegotiatedHeartBeat {
  if (version === '1.0') return { sendEveryMs: 0, expectEveryMs: 0, header: '0,0' };
  const [cx, cy] = parseHeartBeat(clientHeader);
  return {
    sendEveryMs: server.outgoingMs === 0 || cy === 0 ? 0 : Math.max(server.outgoingMs, cy),
    expectEveryMs: server.incomingMs === 0 || cx === 0 ? 0 : Math.max(server.incomingMs, cx),
    header: `${server.outgoingMs},${server.incomingMs}`,
  };
}

function parseHeartBeat(header: string | undefined): [number, number] {
  const match = header === undefined ? null : /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header);
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

/** Chooses the WebSocket sub-protocol: the first offered one we know, or none. */
export function selectSubprotocol(offered: ReadonlySet<string>): string | false {
  for (const p of offered) if ((STOMP_SUBPROTOCOLS as readonly string[]).includes(p)) return p;
  return false;
}
