/**
 * Helpers for debate tests: a real server with a small DEBATE_TIME_SCALE, members, rooms, and
 * real STOMP clients (@stomp/stompjs over `ws`) that record every message per destination.
 */
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { Engine } from '../support/engines.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';

const SCALE = 0.02;

/** A server whose debates run 50× faster (a 30 s turn lasts 600 ms). */
export function startDebateServer(env: Record<string, string> = {}, engine: Engine = 'sqlite'): Promise<TestServer> {
  return startTestServer({ DEBATE_TIME_SCALE: String(SCALE), ...env }, engine);
}

let counter = 0;
/** Signs up `n` members with unique nicknames. */
export async function members(server: TestServer, n: number, prefix = '토론'): Promise<Session[]> {
  const out: Session[] = [];
  for (let i = 0; i < n; i++) {
    counter++;
    out.push(await server.signUpMember(`${prefix}-${process.pid}-${counter}`, `${prefix}${counter}`));
  }
  return out;
}

export const ROOM = {
  title: '기본소득 도입',
  description: '찬반 토론',
  memberNumber: 'T1',
  category: 'PO',
  time: 'T3',
  continent: 'KR',
  speakCount: 'THREE',
  resultEnabled: true,
};

/** Creates a room through D1 and returns its uuid. */
export async function createRoom(
  server: TestServer,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await server.call('POST', '/api/chat/create', { token, json: { ...ROOM, ...overrides } });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as string;
}

/** A connected STOMP client that records what it receives. */
export class Live {
  readonly received: { destination: string; body: any }[] = [];
  readonly errors: string[] = [];
  closedCode: number | null = null;

  private constructor(readonly client: Client) {}

  /** Connects to `path` with the token (null: none) and extra CONNECT headers. */
  static async connect(
    server: TestServer,
    path: string,
    token: string | null,
    headers: Record<string, string> = {},
  ): Promise<Live> {
    const url = `${server.url.replace('http', 'ws')}${path}`;
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
      connectHeaders: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      reconnectDelay: 0,
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      debug: () => {},
    });
    const live = new Live(client);
    await new Promise<IFrame>((resolve, reject) => {
      client.onConnect = resolve;
      client.onStompError = (f) => {
        live.errors.push(f.headers.message ?? '');
        reject(new Error(`ERROR ${f.headers.message ?? ''}`));
      };
      client.onWebSocketClose = (e: { code: number }) => {
        live.closedCode = e.code;
        reject(new Error(`closed ${e.code}`));
      };
      client.activate();
    });
    return live;
  }

  /** Subscribes; received bodies are recorded under the destination. */
  subscribe(destination: string, headers: Record<string, string> = {}): void {
    this.client.subscribe(
      destination,
      (m: IMessage) => this.received.push({ destination, body: JSON.parse(m.body) }),
      headers,
    );
  }

  send(destination: string, body: unknown): void {
    this.client.publish({ destination, body: JSON.stringify(body) });
  }

  /** Bodies received on a destination. */
  on(destination: string): any[] {
    return this.received.filter((r) => r.destination === destination).map((r) => r.body);
  }

  /** Waits until `predicate` holds over the bodies of `destination`. */
  async waitFor(destination: string, predicate: (bodies: any[]) => boolean, timeoutMs = 10_000): Promise<any[]> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const bodies = this.on(destination);
      if (predicate(bodies)) return bodies;
      await sleep(15);
    }
    throw new Error(`timed out on ${destination}: ${JSON.stringify(this.on(destination))}`);
  }

  /** Graceful: DISCONNECT with receipt, then close. */
  async leave(): Promise<void> {
    await this.client.deactivate();
  }

  /** Abrupt: the socket dies without DISCONNECT. */
  drop(): void {
    this.client.forceDisconnect();
    void this.client.deactivate({ force: true });
  }
}

/**
 * Seats a PRO and a CON debater of a 1:1 room over the legacy endpoint, as the contract's
 * client does (CONNECT with `position`, SUBSCRIBE the debate topic), each once it heard its own
 * join; returns their connections, PRO first.
 */
export async function seatPair(server: TestServer, roomId: string, pro: Session, con: Session): Promise<[Live, Live]> {
  const topic = `/topic/debate/${roomId}`;
  const seat = async (user: Session, position: 'pro' | 'con') => {
    const live = await Live.connect(server, `/debate/${roomId}`, user.accessToken, { position, roomId });
    live.subscribe(topic);
    await live.waitFor(topic, (bs) => bs.some((b) => b.event === 'user_joined' && b.userName === user.nickname));
    return live;
  };
  const first = await seat(pro, 'pro');
  return [first, await seat(con, 'con')];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A debate server for the tests of the enclosing block (started before them, stopped after) and
 * the STOMP clients opened through `connect`, closed with it.
 */
export function useDebateServer(env: Record<string, string> = {}, engine: Engine = 'sqlite') {
  let server: TestServer | undefined;
  const clients: Live[] = [];
  beforeAll(async () => {
    server = await startDebateServer(env, engine);
  });
  afterAll(async () => {
    for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
    await server?.stop();
  });
  return {
    get server(): TestServer {
      return server!;
    },
    async connect(path: string, token: string | null, headers: Record<string, string> = {}): Promise<Live> {
      const live = await Live.connect(server!, path, token, headers);
      clients.push(live);
      return live;
    },
  };
}

/** Waits until `check` returns a truthy value. */
export async function until<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** The events of a legacy debate topic, reduced to what the client switches on. */
export const shape = (b: any): string =>
  b.event === 'MESSAGE'
    ? `MESSAGE:${b.userName}:${b.position}:${b.message}`
    : b.event === 'TURN'
      ? `TURN:${b.turn}`
      : b.event === 'STATUS'
        ? `STATUS:${b.status}:${b.message}`
        : b.event === 'NOTIFICATION'
          ? `NOTIFICATION:${b.message}`
          : b.event === 'WIN_BY_DEFAULT'
            ? `WIN_BY_DEFAULT:${b.winner}`
            : b.event === 'error'
              ? `error:${b.kickedUserName}`
              : `${b.event}:${b.userName ?? ''}`;
