/**
 * `attachStomp`: the STOMP layer's entry point. It takes upgraded WebSockets (or performs the
 * upgrade itself for STOMP paths), runs one session per socket, indexes sessions by principal
 * and shuts down gracefully.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import { ConnectionGate } from './connection-gate.js';
import type { PrincipalLike, Session, StompHooks, StompLogger } from './hooks.js';
import {
  DEFAULT_FRAME_LIMITS,
  DEFAULT_HEART_BEAT,
  DEFAULT_SESSION_LIMITS,
  type FrameLimits,
  type HeartBeatOptions,
  type SessionLimits,
} from './limits.js';
import { selectSubprotocol } from './negotiate.js';
import { OutboundBudget } from './outbound-budget.js';
import { SessionRegistry } from './registry.js';
import { StompSession } from './session.js';
import { rejectUpgrade, shutdownSockets } from './shutdown.js';
import { CloseCode } from './transport.js';

export interface AttachStompOptions<P extends PrincipalLike, E> {
  readonly hooks: StompHooks<P, E>;
  /** Maps the WebSocket request URL to endpoint context; null = not a STOMP path. */
  readonly route: (url: URL, request: IncomingMessage) => E | null;
  /** A `noServer` WebSocketServer to upgrade with; by default one is made with `stompWebSocketServerOptions`. */
  readonly wss?: WebSocketServer;
  readonly frameLimits?: Partial<FrameLimits>;
  readonly sessionLimits?: Partial<SessionLimits>;
  readonly heartBeat?: Partial<HeartBeatOptions>;
  /** The CONNECTED frame's `server` header. */
  readonly serverName?: string;
  readonly logger?: StompLogger;
  /** Connections per user and per address, shared by every endpoint given the same gate (default: unlimited). */
  readonly gate?: ConnectionGate;
  /** The bytes all connections may have waiting, shared likewise (default: no budget beyond each connection's). */
  readonly budget?: OutboundBudget;
  /** The client address of an upgrade request (default: the socket peer). */
  readonly addressOf?: (request: IncomingMessage) => string;
}

export interface StompServer<P extends PrincipalLike, E> {
  readonly wss: WebSocketServer;
  /**
   * For an http 'upgrade' event: takes the socket and returns true for STOMP paths, false (socket untouched) otherwise.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** An http 'upgrade' listener: STOMP paths are upgraded, every other path is answered 404. */
  readonly upgradeListener: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Runs STOMP on a socket someone else upgraded (its request URL is routed as usual). */
  handleConnection(ws: WebSocket, request: IncomingMessage): void;
  /** Connected (authenticated) sessions. */
  sessions(): IterableIterator<Session<P, E>>;
  sessionsOf(principalId: string | number): Session<P, E>[];
  /** Closes every session of a principal (e.g. after a ban) with close code 1008; returns how many. */
  closePrincipal(principalId: string | number, reason?: string): number;
  /** Stops accepting, closes every socket with 1012 (service restart) and resolves once all are closed. */
  shutdown(options?: { readonly timeoutMs?: number }): Promise<void>;
}

const SILENT: StompLogger = { warn() {}, error() {} };

/** WebSocketServer options that match the layer's limits and sub-protocols. */
export function stompWebSocketServerOptions(frameLimits: FrameLimits = DEFAULT_FRAME_LIMITS): WebSocket.ServerOptions {
  return {
    noServer: true,
    maxPayload: frameLimits.maxFrameBytes,
    perMessageDeflate: false,
    handleProtocols: (offered) => selectSubprotocol(offered),
  };
}

/** Creates the STOMP layer; hooks, routing and limits are resolved once, here. */
export function attachStomp<P extends PrincipalLike, E>(options: AttachStompOptions<P, E>): StompServer<P, E> {
  const frameLimits = { ...DEFAULT_FRAME_LIMITS, ...options.frameLimits };
  const logger = options.logger ?? SILENT;
  const wss = options.wss ?? new WebSocketServer(stompWebSocketServerOptions(frameLimits));
  const registry = new SessionRegistry<P, E>();
  const sockets = new Set<WebSocket>();
  const config = {
    hooks: options.hooks,
    frameLimits,
    sessionLimits: { ...DEFAULT_SESSION_LIMITS, ...options.sessionLimits },
    heartBeat: { ...DEFAULT_HEART_BEAT, ...options.heartBeat },
    serverName: options.serverName ?? 'toron',
    logger,
    gate: options.gate ?? new ConnectionGate(),
    budget: options.budget ?? new OutboundBudget(),
    onConnected: (s: StompSession<P, E>) => registry.add(s),
    onClosed: (s: StompSession<P, E>) => registry.remove(s),
  };
  let accepting = true;
  const addressOf = options.addressOf ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? 'unknown');

  const routeOf = (request: IncomingMessage): E | null => {
    try {
      return options.route(new URL(request.url ?? '/', 'http://localhost'), request);
    } catch {
      return null;
    }
  };

  const start = (ws: WebSocket, request: IncomingMessage, endpoint: E): void => {
    if (!accepting) return ws.close(CloseCode.serviceRestart);
    sockets.add(ws);
    ws.once('close', () => sockets.delete(ws));
    new StompSession(ws, request, endpoint, addressOf(request), config);
  };

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    const endpoint = routeOf(request);
    if (endpoint === null) return false;
    if (!accepting) rejectUpgrade(socket, 503);
    else wss.handleUpgrade(request, socket, head, (ws) => start(ws, request, endpoint));
    return true;
  };

  return {
    wss,
    handleUpgrade,
    upgradeListener: (request, socket, head) => {
      if (!handleUpgrade(request, socket, head)) rejectUpgrade(socket, 404);
    },
    handleConnection(ws, request) {
      const endpoint = routeOf(request);
      if (endpoint === null) ws.close(CloseCode.policy);
      else start(ws, request, endpoint);
    },
    sessions: () => registry.sessions(),
    sessionsOf: (id) => registry.sessionsOf(id),
    closePrincipal(id, reason = '연결이 종료되었습니다.') {
      const sessions = registry.sessionsOf(id);
      for (const session of sessions) session.close(reason, CloseCode.policy);
      return sessions.length;
    },
    async shutdown(shutdownOptions = {}) {
      accepting = false;
      await shutdownSockets(sockets, shutdownOptions.timeoutMs ?? 5_000);
    },
  };
}
