import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client, IMessage } from '@stomp/stompjs';
import { headerMap } from '../../src/stomp/frame.js';
import { connect, connectFrame, rawSocket, startHarness, stompClient, type Harness } from './harness.js';

let h: Harness;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
  await h.close();
});

async function listener(): Promise<IMessage[]> {
  const c = stompClient(h.url('/debate/r1'), { token: 'token-9' });
  clients.push(c);
  await connect(c);
  const messages: IMessage[] = [];
  c.subscribe('/topic/debate/r1', (m) => messages.push(m));
  await vi.waitFor(() => expect(h.log.subscribes).toHaveLength(1));
  return messages;
}

describe('a bad connection never disturbs the others', () => {
  it.each([
    ['an undefined escape', 'SEND\ndestination:/app/x\\t\n\n\0'],
    ['a header line without colon', 'SEND\ndestination\n\n\0'],
    ['binary garbage', Buffer.from([0xff, 0x00, 0x0a, 0x00, 0x41])],
    ['a body longer than its content-length', 'SEND\ndestination:/app/x\ncontent-length:2\n\nabc\0'],
    ['an unknown command', 'FROB\n\n\0'],
    ['a SEND without destination', 'SEND\n\n{}\0'],
  ])('closes only the connection that sent %s', async (_name, bad) => {
    h = await startHarness();
    const messages = await listener();
    const raw = await rawSocket(h.url('/debate/r1'));
    raw.send(connectFrame());
    raw.send(bad);
    expect(await raw.closed).toBe(1002);
    expect(raw.frames.map((f) => f.command)).toEqual(['CONNECTED', 'ERROR']);
    await h.broker.publish('/topic/debate/r1', { event: 'STATUS', status: 'DEBATE' });
    await vi.waitFor(() => expect(messages).toHaveLength(1));
    expect(h.log.disconnects.map((d) => d.session.principal.id)).toEqual([1]);
  });
});

describe('rate limit', () => {
  it('drops frames over the rate, then closes a client that keeps flooding', async () => {
    h = await startHarness({ sessionLimits: { ratePerSecond: 5, rateBurst: 5, maxDroppedFrames: 10 } });
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame());
    raw.send('SEND\ndestination:/app/chat\n\n{}\0'.repeat(8));
    await vi.waitFor(() => expect(h.log.sends).toHaveLength(5));
    await new Promise((r) => setTimeout(r, 100));
    expect(h.log.sends).toHaveLength(5); // three dropped, connection still open
    expect(raw.frames.map((f) => f.command)).toEqual(['CONNECTED']);
    raw.send('SEND\ndestination:/app/chat\n\n{}\0'.repeat(40));
    expect(await raw.closed).toBe(1008);
    expect(headerMap(raw.frames[1]!).message).toBe('요청이 너무 많습니다. 잠시 후 다시 연결해 주세요.');
    expect(h.log.sends.length).toBeLessThan(10);
  });
});

describe('frame size', () => {
  it('closes with 1009 when one WebSocket message exceeds maxPayload', async () => {
    h = await startHarness({ frameLimits: { maxFrameBytes: 1024, maxBodyBytes: 900 } });
    const messages = await listener();
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame());
    raw.send(`SEND\ndestination:/app/chat\n\n${'x'.repeat(2000)}\0`);
    expect(await raw.closed).toBe(1009);
    await h.broker.publish('/topic/debate/r1', {});
    await vi.waitFor(() => expect(messages).toHaveLength(1));
  });

  it('answers a frame that grows past the limit across messages with ERROR and 1009', async () => {
    h = await startHarness({ frameLimits: { maxFrameBytes: 1024, maxBodyBytes: 900 } });
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame());
    raw.send('SEND\ndestination:/app/chat\n\n');
    for (let i = 0; i < 3; i++) raw.send('y'.repeat(400));
    expect(await raw.closed).toBe(1009);
    expect(headerMap(raw.frames[1]!).message).toBe('본문이 너무 큽니다.');
    expect(h.log.sends).toHaveLength(0);
  });

  it('accepts a frame split into many small messages and frames joined in one message', async () => {
    h = await startHarness();
    const raw = await rawSocket(h.url('/ws'));
    const stream = `${connectFrame()}\n\nSEND\ndestination:/app/chat\ncontent-length:11\n\n{"a":"가"}\0\r\n`;
    for (const ch of Buffer.from(stream)) raw.send(Buffer.from([ch]));
    raw.send('SEND\ndestination:/app/chat\n\n1\0SEND\ndestination:/app/chat\n\n2\0');
    await vi.waitFor(() => expect(h.log.sends.map((s) => s.body)).toEqual([{ a: '가' }, 1, 2]));
  });
});
