/**
 * A real STOMP server for tests: plain Node http + attachStomp on a free port, a test
 * authenticator (token `token-<id>`), hooks that log every call, and client helpers
 * (@stomp/stompjs over `ws`, and raw sockets for malformed input).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Versions, type IFrame } from '@stomp/stompjs';
import WebSocket from 'ws';
import {
  attachStomp,
  pathRouter,
  type RoutedEndpoint,
  type Session,
  type StompServer,
  type AttachStompOptions,
} from '../../src/stomp/index.js';
import { FrameParser } from '../../src/stomp/parser.js';
import { DEFAULT_FRAME_LIMITS } from '../../src/stomp/limits.js';
import type { Frame } from '../../src/stomp/frame.js';
import { InProcessPubSub, StompBroker } from '../../src/realtime/index.js';

interface TestPrincipal {
  readonly id: number;
  readonly name: string;
}
type TestEndpoint = RoutedEndpoint<'debate' | 'observer' | 'roomList' | 'native'>;
type TestSession = Session<TestPrincipal, TestEndpoint>;

export const route = pathRouter({
  debate: '/debate/:roomId',
  observer: '/observer/:roomId',
  roomList: '/room-list/filtered',
  native: '/ws',
});

interface HookLog {
  readonly connects: TestSession[];
  readonly sends: { session: TestSession; destination: string; body: unknown; headers: Record<string, string> }[];
  readonly subscribes: { session: TestSession; id: string; destination: string; headers: Record<string, string> }[];
  readonly unsubscribes: string[];
  readonly disconnects: { session: TestSession; graceful: boolean }[];
}

export interface Harness {
  readonly stomp: StompServer<TestPrincipal, TestEndpoint>;
  readonly broker: StompBroker;
  readonly log: HookLog;
  readonly server: Server;
  url(path: string): string;
  close(): Promise<void>;
}

type Tuning = Pick<
  AttachStompOptions<TestPrincipal, TestEndpoint>,
  'frameLimits' | 'sessionLimits' | 'heartBeat' | 'budget'
>;

/** Starts the server with the test hooks. */
export async function startHarness(tuning: Tuning = {}): Promise<Harness> {
  const broker = new StompBroker(new InProcessPubSub());
  const log: HookLog = { connects: [], sends: [], subscribes: [], unsubscribes: [], disconnects: [] };
  const stomp = attachStomp<TestPrincipal, TestEndpoint>({
    ...tuning,
    route,
    hooks: {
      authenticate: async ({ token }) => {
        const id = /^token-(\d+)$/.exec(token ?? '')?.[1];
        return id
          ? { ok: true, principal: { id: Number(id), name: `사용자${id}` } }
          : { ok: false, code: 'EMPTY_ACCESS_TOKEN', message: '로그인이 필요합니다.' };
      },
      onConnect: (session) => void log.connects.push(session),
      onSubscribe: (session, sub) => {
        log.subscribes.push({ session, id: sub.id, destination: sub.destination, headers: { ...sub.headers } });
        if (sub.destination === '/topic/refuse') {
          return {
            refuse: true,
            body: { event: 'error', kickedUserName: session.connectHeaders.userName, message: '입장할 수 없습니다.' },
          };
        }
        if (sub.destination === '/topic/filteredStatus') {
          session.send(sub.id, { snapshot: session.endpoint.query.get('continent') ?? '' });
          return;
        }
        return broker.bind(session, sub);
      },
      onUnsubscribe: (_session, sub) => void log.unsubscribes.push(sub.id),
      onSend: async (session, destination, body, headers) => {
        log.sends.push({ session, destination, body, headers: { ...headers } });
        if (destination === '/app/echo') await broker.publish('/topic/echo', body);
      },
      onDisconnect: (session, { graceful }) => void log.disconnects.push({ session, graceful }),
    },
  });
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', stomp.upgradeListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    stomp,
    broker,
    log,
    server,
    url: (path) => `ws://127.0.0.1:${port}${path}`,
    async close() {
      await stomp.shutdown({ timeoutMs: 1000 });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface ClientOptions {
  readonly token?: string | null;
  readonly versions?: string[];
  readonly connectHeaders?: Record<string, string>;
  readonly heartbeatMs?: number;
}

/** A @stomp/stompjs client over `ws` (Node 20 has no global WebSocket), not yet activated. */
export function stompClient(url: string, options: ClientOptions = {}): Client {
  const token = options.token === undefined ? 'token-1' : options.token;
  return new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    connectHeaders: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...options.connectHeaders },
    stompVersions: new Versions(options.versions ?? ['1.2', '1.1', '1.0']),
    heartbeatIncoming: options.heartbeatMs ?? 10_000,
    heartbeatOutgoing: options.heartbeatMs ?? 10_000,
    reconnectDelay: 0,
    debug: () => {},
  });
}

/** Activates a client and resolves with the CONNECTED frame (rejects on ERROR or close). */
export function connect(client: Client): Promise<IFrame> {
  return new Promise((resolve, reject) => {
    client.onConnect = resolve;
    client.onStompError = (f) => reject(new Error(`ERROR ${f.headers.message ?? ''}`));
    client.onWebSocketClose = (e: { code: number }) => reject(new Error(`closed ${e.code}`));
    client.activate();
  });
}

export interface RawSocket {
  readonly ws: WebSocket;
  /** Frames received so far (parsed with the server's own parser; heart-beat EOLs skipped). */
  readonly frames: Frame[];
  /** Raw messages received so far, heart-beats included. */
  readonly messages: string[];
  /** Resolves with the close code once the socket has closed. */
  readonly closed: Promise<number>;
  send(text: string | Buffer): void;
}

/** A plain WebSocket speaking hand-written STOMP, for what real clients never send. */
export async function rawSocket(
  url: string,
  protocols: string[] = ['v12.stomp'],
  options: WebSocket.ClientOptions = {},
): Promise<RawSocket> {
  const ws = new WebSocket(url, protocols, options);
  // What the server sends a connection in one turn travels as one message (a replay chunk, a burst):
  // the incoming limits are the server's, not a reader's.
  const parser = new FrameParser({ ...DEFAULT_FRAME_LIMITS, maxPendingBytes: 64 * 1024 * 1024 });
  const frames: Frame[] = [];
  const messages: string[] = [];
  ws.on('message', (data: Buffer) => {
    messages.push(data.toString('utf8'));
    parser.push(data);
    for (let f = parser.next(); f; f = parser.next()) frames.push(f);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames, messages, closed, send: (text) => ws.send(text) };
}

/** A CONNECT frame as text. */
export function connectFrame(headers: Record<string, string> = {}): string {
  const all = { 'accept-version': '1.2', host: 'localhost', Authorization: 'Bearer token-1', ...headers };
  return `CONNECT\n${Object.entries(all)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n\0`;
}
