import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Client } from '@stomp/stompjs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import WebSocket, { WebSocketServer } from 'ws';
import { attachStomp, RESTART_REASON, stompWebSocketServerOptions } from '../../src/stomp/index.js';
import { connect, route, startHarness, stompClient, type Harness } from './harness.js';

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
});

function closeWatcher(c: Client): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    c.onWebSocketClose = (e: { code: number; reason: string }) => resolve({ code: e.code, reason: e.reason });
  });
}

describe('closing sessions', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('closes every session of one principal (a ban) and leaves the others alone', async () => {
    h = await startHarness();
    const [a, b, other] = ['token-1', 'token-1', 'token-2'].map((token) => stompClient(h.url('/ws'), { token }));
    clients.push(a!, b!, other!);
    await Promise.all([a!, b!, other!].map(connect));
    const closes = [closeWatcher(a!), closeWatcher(b!)];
    expect(h.stomp.closePrincipal(1, '이용이 정지된 계정입니다.')).toBe(2);
    expect((await Promise.all(closes)).map((c) => c.code)).toEqual([1008, 1008]);
    await vi.waitFor(() =>
      expect(h.log.disconnects.map((d) => [d.session.principal.id, d.graceful])).toEqual([
        [1, false],
        [1, false],
      ]),
    );
    expect(other!.connected).toBe(true);
    expect(h.stomp.sessionsOf(2)).toHaveLength(1);
  });

  it('shuts down: every client gets 1012 (service restart), then new upgrades are refused', async () => {
    h = await startHarness();
    const cs = [stompClient(h.url('/ws')), stompClient(h.url('/debate/r'), { token: 'token-2' })];
    clients.push(...cs);
    await Promise.all(cs.map(connect));
    const closes = cs.map(closeWatcher);
    await h.stomp.shutdown();
    expect(await Promise.all(closes)).toEqual([
      { code: 1012, reason: RESTART_REASON },
      { code: 1012, reason: RESTART_REASON },
    ]);
    expect([...h.stomp.sessions()]).toHaveLength(0);
    const late = new WebSocket(h.url('/ws'));
    const status = await new Promise<number | undefined>((resolve) =>
      late.on('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(503);
  });
});

describe('wiring into @hono/node-server 2', () => {
  const hooks = { authenticate: () => ({ ok: true as const, principal: { id: 1 } }) };
  const app = new Hono().get('/api/health', (c) => c.json({ status: '성공' }));

  async function check(server: ReturnType<typeof serve>): Promise<void> {
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await res.json()).toEqual({ status: '성공' });
    const c = stompClient(`ws://127.0.0.1:${port}/debate/r1`);
    clients.push(c);
    expect((await connect(c)).headers.version).toBe('1.2');
  }

  it('works as the only WebSocket user: serve() without `websocket`, plus upgradeListener', async () => {
    const stomp = attachStomp({ hooks, route });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    server.on('upgrade', stomp.upgradeListener);
    await check(server);
    await stomp.shutdown();
    server.close();
  });

  it('works beside hono upgradeWebSocket routes (serve with a ws server, plus a prepended listener)', async () => {
    const wss = new WebSocketServer(stompWebSocketServerOptions());
    const stomp = attachStomp({ hooks, route, wss });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: { server: wss } });
    server.prependListener('upgrade', (req, socket, head) => void stomp.handleUpgrade(req, socket, head));
    await check(server);
    await stomp.shutdown();
    server.close();
  });
});
