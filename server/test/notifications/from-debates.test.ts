import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestServer } from '../support/server.js';
import { createRoom, Live, members, startDebateServer, until } from '../debates/support.js';

// End to end: a real debate's recruitment and its result reach the debaters' notification lists
// (the delivery tests fire the domain events directly; this proves the debates feature emits them).
let server: TestServer;
let pro: Session;
let con: Session;
const clients: Live[] = [];

type Item = { notificationType: string; content: string; roomId?: string; statusType: string };
const listOf = async (s: Session): Promise<Item[]> =>
  (
    (await server.call('GET', `/api/notifications/${s.userId}?page=1`, { token: s.accessToken })).body.data as {
      notifications: { content: Item[] };
    }
  ).notifications.content;

beforeAll(async () => {
  server = await startDebateServer();
  [pro, con] = (await members(server, 2, '알림토론')) as [Session, Session];
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('notifications from a real debate', () => {
  it('a completed recruitment notifies both debaters; a walkover notifies the winner and the loser', async () => {
    const roomId = await createRoom(server, pro.accessToken, { title: '알림 확인 토론' });
    const topic = `/topic/debate/${roomId}`;
    for (const [user, position] of [
      [pro, 'pro'],
      [con, 'con'],
    ] as const) {
      const live = await Live.connect(server, `/debate/${roomId}`, user.accessToken, { position });
      clients.push(live);
      live.subscribe(topic);
      await live.waitFor(topic, (bs) => bs.some((b) => b.userName === user.nickname));
    }
    for (const user of [pro, con]) {
      const chat = await until(async () => (await listOf(user)).find((n) => n.notificationType === 'CHAT'));
      expect(chat).toMatchObject({
        roomId,
        statusType: 'UNREAD',
        content: '참가 중인 토론방의 대기가 완료되었습니다.',
      });
    }
    await clients[0]!.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'DEBATE'));
    await clients[1]!.leave();
    await clients[0]!.waitFor(topic, (bs) => bs.some((b) => b.event === 'WIN_BY_DEFAULT'));
    const ended = async (user: Session) =>
      until(async () => (await listOf(user)).find((n) => n.notificationType === 'DEBATE'));
    expect(await ended(pro)).toMatchObject({ roomId, content: expect.stringContaining('승리') });
    expect(await ended(con)).toMatchObject({ roomId, content: expect.stringContaining('패배') });
  }, 30_000);
});
