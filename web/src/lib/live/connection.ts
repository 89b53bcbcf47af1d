import { Client, type IMessage, type StompSubscription } from '@stomp/stompjs';
import { atom, type ReadableAtom } from 'nanostores';
import type { z } from 'zod';
import { $auth } from '../auth-store';
import { endRefusedSession, endsSession } from '../refused-session';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';

/**
 * connecting: first attempt; connected: STOMP session up; reconnecting: lost, retrying with
 * backoff; offline: the browser says it has no network (retried as soon as it returns);
 * closed: ended by `close()`.
 */
export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'closed';

export interface LiveOptions {
  /** Endpoint path on this origin, query included: '/ws', '/room-list/filtered?continent=KR'. */
  readonly path: string;
  /** The bearer token for CONNECT, read on every attempt (default: the session store's access token). */
  readonly token?: () => string | null;
  /** Extra CONNECT headers (legacy endpoints take userName, position, roomId…). */
  readonly connectHeaders?: () => Record<string, string>;
  readonly backoff?: BackoffOptions;
  /** Heartbeats each way in ms (the product uses 10 s). */
  readonly heartbeatMs?: number;
}

interface SubscribeOptions {
  /** SUBSCRIBE headers, computed on every (re)subscription, e.g. `from-seq` from the last seen seq. */
  readonly headers?: () => Record<string, string>;
  /** A frame that is not JSON or fails the schema (default: logged and dropped). */
  readonly onInvalid?: (raw: string) => void;
}

/** One authenticated STOMP connection that survives drops and resubscribes on every return. */
export interface LiveConnection {
  readonly $status: ReadableAtom<LiveStatus>;
  /** Parses every MESSAGE body with `schema`; stays subscribed across reconnects until the returned function runs. */
  subscribe<T>(
    destination: string,
    schema: z.ZodType<T>,
    onMessage: (value: T) => void,
    options?: SubscribeOptions,
  ): () => void;
  /** Sends a JSON body; false (nothing sent) while not connected. */
  publish(destination: string, body: unknown): boolean;
  /** Runs after every (re)connection, once the subscriptions are back; returns the removal function. */
  onConnected(listener: () => void): () => void;
  /** Drops the socket as if the network failed (the connection then reconnects by itself). */
  drop(): void;
  /** Disconnects for good, saying goodbye (STOMP DISCONNECT). */
  close(): void;
  /**
   * Ends for good without DISCONNECT, so the server takes it for a dropped connection: a debater's
   * seat then keeps its reconnect grace, where a DISCONNECT gives it up at once.
   */
  abandon(): void;
}

interface Entry {
  readonly destination: string;
  readonly handle: (message: IMessage) => void;
  readonly headers: () => Record<string, string>;
  current: StompSubscription | null;
}

/** Opens a live connection to `options.path` on the page's origin. */
export function createLiveConnection(options: LiveOptions): LiveConnection {
  const $status = atom<LiveStatus>('connecting');
  const entries = new Set<Entry>();
  const listeners = new Set<() => void>();
  const token = options.token ?? (() => $auth.get().accessToken);
  let client: Client | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const url = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${options.path}`;

  const subscribeEntry = (c: Client, entry: Entry) => {
    entry.current = c.subscribe(entry.destination, entry.handle, entry.headers());
  };

  const lost = (from: Client) => {
    if (client !== from) return;
    client = null;
    void from.deactivate();
    for (const entry of entries) entry.current = null;
    if (closed) return;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    $status.set(offline ? 'offline' : 'reconnecting');
    if (!offline) schedule();
  };

  const schedule = () => {
    if (timer !== null || closed) return;
    const delay = backoffDelay(attempt++, options.backoff ?? DEFAULT_BACKOFF);
    timer = setTimeout(() => {
      timer = null;
      open();
    }, delay);
  };

  const open = () => {
    if (closed || client) return;
    const c = new Client({
      brokerURL: url(),
      reconnectDelay: 0, // reconnects are ours: a fresh client after a jittered backoff
      heartbeatIncoming: options.heartbeatMs ?? 10_000,
      heartbeatOutgoing: options.heartbeatMs ?? 10_000,
      debug: () => {},
    });
    c.beforeConnect = () => {
      const bearer = token();
      c.connectHeaders = {
        ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        ...(options.connectHeaders?.() ?? {}),
      };
    };
    c.onConnect = () => {
      if (client !== c) return;
      attempt = 0;
      for (const entry of entries) subscribeEntry(c, entry);
      $status.set('connected');
      for (const listener of listeners) listener();
    };
    c.onWebSocketClose = () => lost(c);
    c.onStompError = (frame) => {
      const { code, message = '' } = frame.headers;
      // A sanctioned or revoked session would be refused on every reconnect: it ends here instead.
      if (endsSession(code)) endRefusedSession(code ?? null, message);
      else console.warn('STOMP error', code, message);
    };
    client = c;
    c.activate();
  };

  const onOnline = () => {
    if (closed || client) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    attempt = 0;
    $status.set('reconnecting');
    open();
  };
  // Discarding (not closing) the socket reports the loss at once, even when no close frame can travel.
  const discard = () => {
    if (client) void client.deactivate({ force: true });
  };
  const onOffline = discard;
  const end = (how: { force: boolean }) => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    const c = client;
    client = null;
    $status.set('closed');
    if (c) void c.deactivate(how);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  open();

  return {
    $status,
    subscribe(destination, schema, onMessage, subOptions = {}) {
      const handle = (message: IMessage) => {
        let parsed: ReturnType<typeof schema.safeParse> | null = null;
        try {
          parsed = schema.safeParse(JSON.parse(message.body));
        } catch {
          parsed = null;
        }
        if (parsed?.success) onMessage(parsed.data);
        else if (subOptions.onInvalid) subOptions.onInvalid(message.body);
        else console.warn('dropped an unreadable frame on', destination);
      };
      const entry: Entry = { destination, handle, headers: subOptions.headers ?? (() => ({})), current: null };
      entries.add(entry);
      if (client?.connected) subscribeEntry(client, entry);
      return () => {
        entries.delete(entry);
        if (client?.connected) entry.current?.unsubscribe();
        entry.current = null;
      };
    },
    publish(destination, body) {
      if (!client?.connected) return false;
      client.publish({ destination, body: JSON.stringify(body) });
      return true;
    },
    onConnected(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    drop: discard,
    close: () => end({ force: false }),
    abandon: () => end({ force: true }),
  };
}
