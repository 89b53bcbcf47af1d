import { seatOf } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestServer } from '../support/server.js';
import { createRoom, Live, members, sleep, startDebateServer, until } from '../debates/support.js';

// End to end: a real debate's recruitment and its result reach the debaters' notification lists
// (the delivery tests notify directly; this proves a room's commit writes them).
// "대기가 완료되었습니다" is for a debater away from the room when it fills, never one already in it.
let server: TestServer;
const clients: Live[] = [];

type Item = { notificationType: string; content: string; roomId?: string; statusType: string };
const listOf = async (s: Session): Promise<Item[]> =>
  (
    (await server.call('GET', `/api/notifications/${s.userId}?page=1`, { token: s.accessToken })).body.data as {
      notifications: { content: Item[] };
    }
  ).notifications.content;
const chatItems = async (s: Session) => (await listOf(s)).filter((n) => n.notificationType === 'CHAT');

async function seat(user: Session, roomId: string, position: 'pro' | 'con'): Promise<Live> {
  const topic = `/topic/debate/${roomId}`;
  const live = await Live.connect(server, `/debate/${roomId}`, user.accessToken, { position });
  clients.push(live);
  live.subscribe(topic);
  await live.waitFor(topic, (bs) => bs.some((b) => b.userName === user.nickname));
  return live;
}

beforeAll(async () => {
  // A grace of 600 s × 0.02 = 12 s: a dropped debater stays seated for the whole test.
  server = await startDebateServer({ DEBATE_RECONNECT_GRACE_SECONDS: '600' });
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('notifications from a real debate', () => {
  it('no recruitment notice for debaters in the room; a walkover notifies the winner and the loser', async () => {
    const [pro, con] = (await members(server, 2, '알림토론')) as [Session, Session];
    const roomId = await createRoom(server, pro.accessToken, { title: '알림 확인 토론' });
    const topic = `/topic/debate/${roomId}`;
    const proLive = await seat(pro, roomId, 'pro');
    const conLive = await seat(con, roomId, 'con');
    await proLive.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'DEBATE'));
    await conLive.leave();
    await proLive.waitFor(topic, (bs) => bs.some((b) => b.event === 'WIN_BY_DEFAULT'));
    const ended = async (user: Session) =>
      until(async () => (await listOf(user)).find((n) => n.notificationType === 'DEBATE'));
    expect(await ended(pro)).toMatchObject({
      roomId,
      content: "'알림 확인 토론' 토론에서 부전승했습니다. 상대 측이 토론을 떠났어요.",
    });
    expect(await ended(con)).toMatchObject({ roomId, content: "'알림 확인 토론' 토론에서 부전패했습니다." });
    // Both were watching the countdown when the room filled: nothing told them it had.
    expect(await chatItems(pro)).toEqual([]);
    expect(await chatItems(con)).toEqual([]);
  }, 30_000);

  it('a debater whose connection dropped before the room filled is told; the one in the room is not', async () => {
    const [pro, con] = (await members(server, 2, '대기알림')) as [Session, Session];
    const roomId = await createRoom(server, pro.accessToken, { title: '자리 비운 토론자' });
    const proLive = await seat(pro, roomId, 'pro');
    proLive.drop();
    // The seat is kept through the grace: wait until the room knows PRO is away.
    const { directory } = server.deps.debates;
    await until(async () => {
      const state = await directory.stateOf(roomId);
      return state !== undefined && seatOf(state, pro.userId)?.graceEndsAt != null;
    });
    await seat(con, roomId, 'con');

    const chat = await until(async () => (await chatItems(pro))[0]);
    expect(chat).toMatchObject({ roomId, statusType: 'UNREAD', content: '참가 중인 토론방의 대기가 완료되었습니다.' });
    await sleep(300);
    expect(await chatItems(con)).toEqual([]);
    expect(await chatItems(pro)).toHaveLength(1);
  }, 30_000);
});
