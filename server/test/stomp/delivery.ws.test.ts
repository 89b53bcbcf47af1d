/**
 * Writing to many connections: what one turn writes to a connection leaves in one system call
 * (held until the turn ends, then written as one buffer), in order; a reader that stops reading is cut at
 * the backpressure limit while the others get everything; a socket that dies in the middle of a
 * fan-out disturbs nobody else.
 */
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client, IMessage } from '@stomp/stompjs';
import { OutboundBudget } from '../../src/stomp/outbound-budget.js';
import { connect, connectFrame, rawSocket, startHarness, stompClient, type Harness } from './harness.js';

let h: Harness;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
  await h.close();
});

/** Starts the harness and records the TCP socket of every upgrade, in order. */
async function start(tuning: Parameters<typeof startHarness>[0] = {}): Promise<Socket[]> {
  h = await startHarness(tuning);
  const sockets: Socket[] = [];
  h.server.prependListener('upgrade', (req) => sockets.push(req.socket));
  return sockets;
}

/** A stompjs subscriber of `/topic/room` that records the `i` of every body. */
async function subscriber(id: number): Promise<number[]> {
  const client = stompClient(h.url('/ws'), { token: `token-${id}` });
  clients.push(client);
  await connect(client);
  const seen: number[] = [];
  client.subscribe('/topic/room', (m: IMessage) => seen.push((JSON.parse(m.body) as { i: number }).i));
  return seen;
}
const subscribed = (n: number) => vi.waitFor(() => expect(h.log.subscribes).toHaveLength(n));
/** Subscriber `id` of `/topic/room` over a raw socket that stops reading once subscribed (the second subscriber). */
async function slowReader(id: number): Promise<void> {
  const slow = await rawSocket(h.url('/ws'));
  slow.send(connectFrame({ Authorization: `Bearer token-${id}`, 'heart-beat': '0,0' }));
  slow.send('SUBSCRIBE\nid:s\ndestination:/topic/room\n\n\0');
  await subscribed(2);
  slow.ws.pause();
}
const turn = () => new Promise((resolve) => setImmediate(resolve));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('writes coalesced per connection and turn', () => {
  it('holds a turn’s frames until the turn ends, then writes them to the socket at once, in order', async () => {
    const sockets = await start();
    const seen = await subscriber(1);
    await subscribed(1);
    const socket = sockets[0]!;
    const writes = vi.spyOn(socket, 'write');
    const sentBefore = socket.bytesWritten;
    for (const i of range(50)) void h.broker.publish('/topic/room', { i });
    // Still inside the turn: nothing has been handed to the socket yet.
    expect(writes).not.toHaveBeenCalled();
    expect(socket.bytesWritten).toBe(sentBefore);
    await turn();
    expect(writes).toHaveBeenCalledTimes(1);
    expect(socket.bytesWritten - sentBefore).toBeGreaterThan(50 * 20);
    await vi.waitFor(() => expect(seen).toHaveLength(50));
    expect(seen).toEqual(range(50));
  });

  it('keeps each connection’s order across turns and publishers', async () => {
    await start();
    const [a, b] = [await subscriber(1), await subscriber(2)];
    await subscribed(2);
    for (const round of range(20)) {
      for (const i of range(10)) void h.broker.publish('/topic/room', { i: round * 10 + i });
      if (round % 3 === 0) await turn();
    }
    await vi.waitFor(() => expect(a).toHaveLength(200));
    await vi.waitFor(() => expect(b).toHaveLength(200));
    expect(a).toEqual(range(200));
    expect(b).toEqual(range(200));
  });
});

describe('backpressure', () => {
  it('cuts a reader that stops reading at the limit; the reading one gets every frame', async () => {
    await start({ sessionLimits: { maxBufferedBytes: 256 * 1024 } });
    const fast = await subscriber(1);
    await slowReader(2);
    const padding = '가'.repeat(3000); // about 9 KB per frame
    const total = 1200; // about 11 MB: more than the kernel's socket buffers hold
    for (const round of range(total / 40)) {
      for (const i of range(40)) void h.broker.publish('/topic/room', { i: round * 40 + i, padding });
      // The reading client keeps up: the next round goes out once it has this one. Each round (about
      // 360 KB, one write) is larger than the limit, so a reader is cut only for what it has not taken.
      await vi.waitFor(() => expect(fast.length).toBeGreaterThanOrEqual((round + 1) * 40), { interval: 1 });
    }
    await vi.waitFor(() => expect(h.log.disconnects.map((d) => d.session.principal.id)).toContain(2), {
      timeout: 10_000,
    });
    expect(h.log.disconnects.find((d) => d.session.principal.id === 2)?.graceful).toBe(false);
    await vi.waitFor(() => expect(fast).toHaveLength(total), { timeout: 15_000 });
    expect(fast).toEqual(range(total));
  });
});

describe('the outbound budget over real connections', () => {
  it('counts what connections hold, sheds a reader that stops reading once the total passes, ends at 0', async () => {
    // Each connection alone may hold far more than the budget: only the budget can cut the slow reader.
    const budget = new OutboundBudget(1024 * 1024);
    await start({ budget, sessionLimits: { maxBufferedBytes: 64 * 1024 * 1024 } });
    const fast = await subscriber(1);
    await slowReader(2);
    const padding = '가'.repeat(3000);
    let published = 0;
    while (!h.log.disconnects.some((d) => d.session.principal.id === 2)) {
      expect(published).toBeLessThan(2000); // about 18 MB: far past the kernel's buffers and the budget
      for (const i of range(40)) void h.broker.publish('/topic/room', { i: published + i, padding });
      published += 40;
      await vi.waitFor(() => expect(fast.length).toBeGreaterThanOrEqual(published), { interval: 1 });
    }
    expect(h.log.disconnects.find((d) => d.session.principal.id === 2)?.graceful).toBe(false);
    expect(fast).toEqual(range(published));
    await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
    await vi.waitFor(() => expect(h.log.disconnects).toHaveLength(2));
    await vi.waitFor(() => expect(budget.heldBytes).toBe(0));
  });
});

describe('a socket that dies during a fan-out', () => {
  it('breaks nobody else: the others get the whole burst, in order', async () => {
    const sockets = await start();
    const [a, , c] = [await subscriber(1), await subscriber(2), await subscriber(3)];
    await subscribed(3);
    for (const i of range(40)) {
      if (i === 20) sockets[1]!.destroy(); // the second subscriber's TCP socket, half-way through one turn's frames
      void h.broker.publish('/topic/room', { i });
    }
    await vi.waitFor(() => expect(h.log.disconnects.map((d) => d.session.principal.id)).toEqual([2]));
    await vi.waitFor(() => expect(a).toHaveLength(40));
    await vi.waitFor(() => expect(c).toHaveLength(40));
    expect(a).toEqual(range(40));
    expect(c).toEqual(range(40));
    const late = await subscriber(4);
    await subscribed(4);
    void h.broker.publish('/topic/room', { i: 99 });
    await vi.waitFor(() => expect(late).toEqual([99]));
  });
});
