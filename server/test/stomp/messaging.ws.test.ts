import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client, IMessage } from '@stomp/stompjs';
import { headerMap } from '../../src/stomp/frame.js';
import { connect, connectFrame, rawSocket, startHarness, stompClient, type Harness } from './harness.js';

let h: Harness;
const clients: Client[] = [];
async function connected(path = '/debate/r1', options: Parameters<typeof stompClient>[1] = {}): Promise<Client> {
  const c = stompClient(h.url(path), options);
  clients.push(c);
  await connect(c);
  return c;
}
function collect(
  c: Client,
  destination: string,
  headers: Record<string, string> = {},
): { messages: IMessage[]; id: string } {
  const messages: IMessage[] = [];
  const sub = c.subscribe(destination, (m) => messages.push(m), headers);
  return { messages, id: sub.id };
}
/** Waits until the server has registered `count` SUBSCRIBEs (a RECEIPT would do the same). */
const subscribed = (count: number) => vi.waitFor(() => expect(h.log.subscribes).toHaveLength(count));

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate({ force: true })));
  await h.close();
});

describe('SUBSCRIBE → MESSAGE', () => {
  it('delivers a publication to every subscriber with its subscription id and a unique message-id', async () => {
    const a = await connected();
    const b = await connected('/debate/r1', { token: 'token-2' });
    const first = collect(a, '/topic/debate/r1');
    const second = collect(a, '/topic/debate/r1');
    const other = collect(b, '/topic/debate/r1');
    await subscribed(3);
    await h.broker.publish('/topic/debate/r1', {
      event: 'user_joined',
      userName: '김토론',
      message: '김토론님이 방에 입장했습니다.',
    });
    await h.broker.publish('/topic/debate/r1', { event: 'TURN', turn: 'PRO' });
    await vi.waitFor(() => expect([first, second, other].map((s) => s.messages.length)).toEqual([2, 2, 2]));
    for (const s of [first, second, other]) {
      expect(s.messages.map((m) => m.headers.subscription)).toEqual([s.id, s.id]);
      expect(JSON.parse(s.messages[0]!.body)).toEqual({
        event: 'user_joined',
        userName: '김토론',
        message: '김토론님이 방에 입장했습니다.',
      });
      expect(s.messages[0]!.headers).toMatchObject({
        destination: '/topic/debate/r1',
        'content-type': 'application/json;charset=utf-8',
      });
    }
    const ids = [first, second, other].flatMap((s) => s.messages.map((m) => m.headers['message-id']));
    expect(new Set(ids).size).toBe(6);
  });

  it('stops delivering after UNSUBSCRIBE and frees the topic', async () => {
    const a = await connected();
    const sub = a.subscribe('/topic/debate/r1', () => {});
    await subscribed(1);
    expect(h.broker.topicCount).toBe(1);
    sub.unsubscribe();
    await vi.waitFor(() => expect(h.log.unsubscribes).toEqual([sub.id]));
    expect(h.broker.topicCount).toBe(0);
  });

  it('sends a per-session snapshot right after the subscription is registered (before its RECEIPT)', async () => {
    const a = await connected('/room-list/filtered?continent=ASIA');
    const order: string[] = [];
    a.watchForReceipt('sub-receipt', () => order.push('RECEIPT'));
    a.subscribe('/topic/filteredStatus', (m) => order.push(m.body), { receipt: 'sub-receipt' });
    await vi.waitFor(() => expect(order).toEqual(['{"snapshot":"ASIA"}', 'RECEIPT']));
  });

  it('turns a refusal into an app-level message, drops the subscription and keeps the connection', async () => {
    const a = await connected('/debate/r1', { connectHeaders: { userName: '김토론' } });
    const refused = collect(a, '/topic/refuse');
    await vi.waitFor(() => expect(refused.messages).toHaveLength(1));
    expect(JSON.parse(refused.messages[0]!.body)).toEqual({
      event: 'error',
      kickedUserName: '김토론',
      message: '입장할 수 없습니다.',
    });
    const session = h.log.connects[0]!;
    expect(session.subscriptions.size).toBe(0);
    expect(a.connected).toBe(true);
  });

  it('delivers /user/queue destinations only to the sessions of that user', async () => {
    const mine = collect(await connected('/ws'), '/user/queue/notifications');
    const theirs = collect(await connected('/ws', { token: 'token-2' }), '/user/queue/notifications');
    await subscribed(2);
    await h.broker.publishToUser(1, '/user/queue/notifications', { text: '새 알림이 있습니다.' });
    await vi.waitFor(() => expect(mine.messages).toHaveLength(1));
    expect(mine.messages[0]!.headers.destination).toBe('/user/queue/notifications');
    expect(theirs.messages).toHaveLength(0);
  });

  it('refuses a second SUBSCRIBE with an id already in use (protocol error)', async () => {
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame());
    raw.send('SUBSCRIBE\nid:0\ndestination:/topic/a\n\n\0SUBSCRIBE\nid:0\ndestination:/topic/b\nreceipt:r\n\n\0');
    expect(await raw.closed).toBe(1002);
    expect(raw.frames.map((f) => f.command)).toEqual(['CONNECTED', 'ERROR']);
    expect(headerMap(raw.frames[1]!)).toMatchObject({ message: '이미 사용 중인 구독 id입니다.', 'receipt-id': 'r' });
  });
});

describe('SEND, RECEIPT, DISCONNECT', () => {
  it('hands the JSON body of a SEND without content-type to onSend', async () => {
    const a = await connected();
    const echo = collect(a, '/topic/echo');
    await subscribed(1);
    const chat = {
      event: 'MESSAGE',
      userName: '김토론',
      position: 'pro',
      message: '안녕하세요 :) \\ 반갑습니다',
      timestamp: '2025-03-25T10:00:00.000Z',
    };
    a.publish({ destination: '/app/echo', body: JSON.stringify(chat) });
    await vi.waitFor(() => expect(echo.messages).toHaveLength(1));
    expect(h.log.sends[0]).toMatchObject({ destination: '/app/echo', body: chat });
    expect(h.log.sends[0]!.headers['content-type']).toBeUndefined();
    expect(JSON.parse(echo.messages[0]!.body)).toEqual(chat);
  });

  it('passes undefined for a body that is not JSON', async () => {
    const a = await connected();
    a.publish({ destination: '/app/chat', body: 'not json' });
    await vi.waitFor(() => expect(h.log.sends).toHaveLength(1));
    expect(h.log.sends[0]!.body).toBeUndefined();
  });

  it('answers a frame carrying `receipt` with RECEIPT', async () => {
    const a = await connected();
    const got = new Promise<string>((resolve) =>
      a.watchForReceipt('send-1', (f) => resolve(f.headers['receipt-id'] ?? '')),
    );
    a.publish({ destination: '/app/chat', body: '{}', headers: { receipt: 'send-1' } });
    expect(await got).toBe('send-1');
  });

  it('answers DISCONNECT with its RECEIPT so deactivate() resolves; the leave is graceful', async () => {
    const a = await connected();
    await a.deactivate();
    await vi.waitFor(() => expect(h.log.disconnects.map((d) => d.graceful)).toEqual([true]));
    expect([...h.stomp.sessions()]).toHaveLength(0);
  });

  it('reports a dropped socket as an abrupt leave and ends its subscriptions', async () => {
    const raw = await rawSocket(h.url('/ws'));
    raw.send(connectFrame());
    raw.send('SUBSCRIBE\nid:0\ndestination:/topic/debate/r1\n\n\0');
    await subscribed(1);
    raw.ws.terminate();
    await vi.waitFor(() => expect(h.log.disconnects.map((d) => d.graceful)).toEqual([false]));
    expect(h.broker.topicCount).toBe(0);
  });

  // stompjs escapes header values only for 1.2, so the 1.1 case sticks to text that needs no escaping.
  it.each([
    ['1.2', '/topic/방:1\\토론\n', '김:토론\\'],
    ['1.1', '/topic/방1토론', '김토론'],
  ])(
    'round-trips Korean and escaped header values in both directions (STOMP %s)',
    async (version, destination, nick) => {
      const c = await connected('/ws', { versions: [version] });
      const sub = collect(c, destination, { 'from-seq': '12', 닉네임: nick });
      await subscribed(1);
      expect(h.log.subscribes[0]).toMatchObject({ destination, headers: { 'from-seq': '12', 닉네임: nick } });
      await h.broker.publish(destination, { 방: '토론' });
      await vi.waitFor(() => expect(sub.messages).toHaveLength(1));
      expect(sub.messages[0]!.headers.destination).toBe(destination);
      expect(JSON.parse(sub.messages[0]!.body)).toEqual({ 방: '토론' });
    },
  );
});
