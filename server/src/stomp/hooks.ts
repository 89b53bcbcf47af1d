/**
 * The contract between this protocol layer and the application built on it: what the app is
 * asked (authenticate, subscribe, send, disconnect) and what it gets (sessions and subscriptions).
 */
import type { IncomingMessage } from 'node:http';
import type { HeaderMap, StompVersion } from './frame.js';
import type { PreparedBody } from './message-body.js';

/** Whatever identifies the authenticated user; `id` keys "close every session of this user". */
export interface PrincipalLike {
  readonly id: string | number;
}

/** What `authenticate` sees of a CONNECT. */
export interface ConnectRequest<E> {
  /** CONNECT headers (first occurrence wins); `userName`, `position` … are requests, never identity. */
  readonly headers: HeaderMap;
  /** The token from `Authorization: Bearer …` (header name in any case) or else `passcode`; null if neither. */
  readonly token: string | null;
  /** The endpoint context the router produced for the WebSocket request path. */
  readonly endpoint: E;
  /** The HTTP upgrade request (remote address, origin, cookies …). */
  readonly request: IncomingMessage;
}

/** A CONNECT refused: the Korean `message`, and the stable `code` of why (sent as the ERROR frame's `code`). */
export interface AuthRefusal {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
}

export type AuthResult<P> = { readonly ok: true; readonly principal: P } | AuthRefusal;

export interface Subscription {
  readonly id: string;
  readonly destination: string;
  /** SUBSCRIBE headers (first occurrence wins), e.g. a `from-seq` for replay. */
  readonly headers: HeaderMap;
  /** False once unsubscribed, refused or the session closed. */
  readonly active: boolean;
  /** Runs `listener` when the subscription ends (at once if it already has). */
  onEnd(listener: () => void): void;
}

/** Returned by `onSubscribe` to refuse: `body`, if given, is sent to that subscription first. */
export interface SubscribeRefusal {
  readonly refuse: true;
  readonly body?: unknown;
}

/** True for a `SubscribeRefusal` returned by `onSubscribe`. */
export function isSubscribeRefusal(decision: unknown): decision is SubscribeRefusal {
  return typeof decision === 'object' && decision !== null && (decision as SubscribeRefusal).refuse === true;
}

export interface Session<P extends PrincipalLike = PrincipalLike, E = unknown> {
  readonly id: string;
  readonly principal: P;
  readonly endpoint: E;
  readonly version: StompVersion;
  readonly connectHeaders: HeaderMap;
  readonly subscriptions: ReadonlyMap<string, Subscription>;
  readonly closed: boolean;
  /** Sends a JSON MESSAGE to one of this session's subscriptions; false if it is gone. */
  send(subscriptionId: string, body: unknown): boolean;
  /** Like `send`, with a body already encoded once for many recipients. */
  sendPrepared(subscriptionId: string, body: PreparedBody): boolean;
  /**
   * Resolves once little is left queued for this client (or it has closed), always after other
   * pending work ran: a long output (a replay) awaits it between chunks.
   */
  drained(): Promise<void>;
  /** Sends to every subscription of this session on `destination`; returns how many got it. */
  sendToDestination(destination: string, body: unknown): number;
  /** Closes the WebSocket (no ERROR frame); `reason` is a short Korean text for the close frame. */
  close(reason?: string, code?: number): void;
}

export interface StompHooks<P extends PrincipalLike, E> {
  /** Decides who is connecting. A refusal becomes an ERROR frame with `message`, then the socket closes. */
  authenticate(connect: ConnectRequest<E>): AuthResult<P> | Promise<AuthResult<P>>;
  /** After CONNECTED was sent. */
  onConnect?(session: Session<P, E>): void | Promise<void>;
  /**
   * After the subscription is registered, so the hook may send a snapshot to it at once.
   * Business refusals are app-level messages (`SubscribeRefusal.body`), never ERROR frames.
   */
  onSubscribe?(
    session: Session<P, E>,
    subscription: Subscription,
  ): void | SubscribeRefusal | Promise<void | SubscribeRefusal>;
  onUnsubscribe?(session: Session<P, E>, subscription: Subscription): void | Promise<void>;
  /** `body` is the JSON-parsed body, or undefined when it is empty or not JSON (no content-type needed). */
  onSend?(session: Session<P, E>, destination: string, body: unknown, headers: HeaderMap): void | Promise<void>;
  /** Once per connected session. graceful = the client sent DISCONNECT; otherwise the socket died or timed out. */
  onDisconnect?(session: Session<P, E>, info: { readonly graceful: boolean }): void;
}

/** A minimal logger (pino fits). */
export interface StompLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
}
