import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { headerMap } from '../../src/stomp/frame.js';
import { connect, connectFrame, rawSocket, startHarness, stompClient, type Harness } from './harness.js';

let h: Harness;
const clients: Client[] = [];
const client = (...args: Parameters<typeof stompClient>) => {
  const c = stompClient(...args);
  clients.push(c);
  return c;
};

beforeEach(async () => {
  h = await startHarness({ heartBeat: { outgoingMs: 100, incomingMs: 100, graceMs: 600 } });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
  await h.close();
});

describe('CONNECT', () => {
  it('answers a STOMP 1.2 client with CONNECTED: version, heart-beat, session and server', async () => {
    const connected = await connect(client(h.url('/debate/room-1')));
    expect(connected.headers).toMatchObject({ version: '1.2', 'heart-beat': '100,100', server: 'toron' });
    const session = h.log.connects[0]!;
    expect(connected.headers.session).toBe(session.id);
    expect(session.principal).toEqual({ id: 1, name: '사용자1' });
    expect(session.endpoint).toMatchObject({ name: 'debate', params: { roomId: 'room-1' } });
  });

  it('negotiates 1.1 with a 1.1-only client and 1.0 with a client that sends no accept-version', async () => {
    expect((await connect(client(h.url('/ws'), { versions: ['1.1'] }))).headers.version).toBe('1.1');
    const raw = await rawSocket(h.url('/ws'));
    raw.send('CONNECT\npasscode:token-2\n\n\0');
    await vi.waitFor(() => expect(raw.frames[0]?.command).toBe('CONNECTED'));
    expect(headerMap(raw.frames[0]!)).toMatchObject({ version: '1.0', 'heart-beat': '0,0' });
  });

  it('refuses a client with no version in common with ERROR, then closes', async () => {
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame({ 'accept-version': '2.0,3.0' }));
    expect(await raw.closed).toBe(1002);
    expect(raw.frames.map((f) => f.command)).toEqual(['ERROR']);
    expect(headerMap(raw.frames[0]!)).toMatchObject({ version: '1.2,1.1,1.0', code: 'UNSUPPORTED_VERSION' });
  });

  it('refuses a CONNECT without a valid token with a Korean ERROR and closes; no session is registered', async () => {
    const c = client(h.url('/debate/r'), { token: null, connectHeaders: { userName: '김토론' } });
    await expect(connect(c)).rejects.toThrow('ERROR 로그인이 필요합니다.');
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame({ Authorization: 'Bearer wrong' }));
    expect(await raw.closed).toBe(1008);
    // The authenticator's own reason is the stable code, for the client to tell what to do.
    expect(headerMap(raw.frames[0]!)).toMatchObject({ message: '로그인이 필요합니다.', code: 'EMPTY_ACCESS_TOKEN' });
    expect([...h.stomp.sessions()]).toHaveLength(0);
    expect(h.log.disconnects).toHaveLength(0);
  });

  it('accepts the token in `passcode` or in an `authorization` header of any case', async () => {
    await connect(client(h.url('/ws'), { token: null, connectHeaders: { passcode: 'token-7' } }));
    await connect(client(h.url('/ws'), { token: null, connectHeaders: { AUTHORIZATION: 'bearer token-8' } }));
    expect(h.log.connects.map((s) => s.principal.id)).toEqual([7, 8]);
  });

  it('answers frames sent before CONNECT with ERROR and closes', async () => {
    const raw = await rawSocket(h.url('/ws'));
    raw.send('SUBSCRIBE\nid:0\ndestination:/topic/a\n\n\0');
    expect(await raw.closed).toBe(1002);
    expect(headerMap(raw.frames[0]!).message).toBe('CONNECT 프레임을 먼저 보내야 합니다.');
  });

  it('keeps CONNECT headers unescaped and UTF-8 (Korean nickname)', async () => {
    await connect(client(h.url('/debate/r'), { connectHeaders: { userName: '토론왕\\c김', position: 'pro' } }));
    expect(h.log.connects[0]!.connectHeaders).toMatchObject({ userName: '토론왕\\c김', position: 'pro' });
  });
});

describe('routing', () => {
  it('routes paths case-insensitively and passes the handshake query; unknown paths get 404', async () => {
    await connect(client(h.url('/room-List/filtered?continent=ASIA&category=')));
    expect(h.log.connects[0]!.endpoint).toMatchObject({ name: 'roomList' });
    expect(h.log.connects[0]!.endpoint.query.get('continent')).toBe('ASIA');
    const ws = new WebSocket(h.url('/nowhere'));
    const status = await new Promise<number | undefined>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(404);
  });

  it('selects a STOMP sub-protocol and never an unknown one', async () => {
    const known = await rawSocket(h.url('/ws'), ['chat', 'v11.stomp']);
    expect(known.ws.protocol).toBe('v11.stomp');
    const none = await rawSocket(h.url('/ws'), []);
    expect(none.ws.protocol).toBe('');
    known.ws.close();
    none.ws.close();
  });
});

describe('heart-beats', () => {
  it('sends newline pings at the negotiated rate', async () => {
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame({ 'heart-beat': '0,100' }));
    await vi.waitFor(() => expect(raw.messages.filter((m) => m === '\n').length).toBeGreaterThanOrEqual(3), {
      timeout: 2000,
    });
  });

  it('closes a connection silent past 2× the client interval plus grace; keeps one that pings', async () => {
    const silent = await rawSocket(h.url('/ws'));
    silent.send(connectFrame({ 'heart-beat': '100,0' }));
    const pinging = await rawSocket(h.url('/ws'));
    pinging.send(connectFrame({ 'heart-beat': '100,0' }));
    const timer = setInterval(() => pinging.send('\n'), 50);
    const started = Date.now();
    await silent.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(pinging.ws.readyState).toBe(WebSocket.OPEN);
    clearInterval(timer);
    await vi.waitFor(() => expect(h.log.disconnects.map((d) => d.graceful)).toEqual([false]));
    pinging.ws.close();
  });

  it('lets stompjs keep a connection alive with its own heart-beats', async () => {
    const c = client(h.url('/ws'), { heartbeatMs: 100 });
    await connect(c);
    await new Promise((r) => setTimeout(r, 800));
    expect(c.connected).toBe(true);
  });
});
