import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestServer } from '../support/server.js';
import { createRoom, Live, members, shape, sleep, startDebateServer } from './support.js';

let server: TestServer;
const clients: Live[] = [];
const connect = async (path: string, token: string | null, headers: Record<string, string> = {}) => {
  const live = await Live.connect(server, path, token, headers);
  clients.push(live);
  return live;
};

/** Seats every user on its side and waits until the debate is on. */
async function seat(roomId: string, pros: Session[], cons: Session[]): Promise<Map<number, Live>> {
  const topic = `/topic/debate/${roomId}`;
  const byUser = new Map<number, Live>();
  for (const [side, list] of [
    ['pro', pros],
    ['con', cons],
  ] as const) {
    for (const user of list) {
      const live = await connect(`/debate/${roomId}`, user.accessToken, { position: side });
      live.subscribe(topic);
      await live.waitFor(topic, (bs) => bs.some((b) => b.event === 'user_joined' && b.userName === user.nickname));
      byUser.set(user.userId, live);
    }
  }
  await byUser
    .get(pros[0]!.userId)!
    .waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'DEBATE'));
  return byUser;
}

beforeAll(async () => {
  server = await startDebateServer({ DEBATE_RECONNECT_GRACE_SECONDS: '50' });
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('3:3 rooms', () => {
  it('a whole 3:3 debate with a vote ends in a draw for all six when nobody votes', async () => {
    const people = await members(server, 6, '삼대삼');
    const roomId = await createRoom(server, people[0]!.accessToken, { memberNumber: 'T2' });
    const lives = await seat(roomId, people.slice(0, 3), people.slice(3));
    const first = lives.get(people[0]!.userId)!;
    const topic = `/topic/debate/${roomId}`;
    await first.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'CLOSED'));
    expect(first.on(topic).map(shape).slice(-3)).toEqual([
      'STATUS:VOTING:투표가 시작되었습니다.',
      'NOTIFICATION:투표가 종료되었습니다. 투표 결과 집계중...',
      'STATUS:CLOSED:토론이 모두 종료되었습니다. 비겼습니다!!',
    ]);
    for (const p of people) {
      const u = (await server.call('GET', `/api/users/${p.userId}`, { token: p.accessToken })).body.data as any;
      expect(u.drawNumber).toBe(1);
    }
  }, 30_000);

  it('a full side answers with the error event naming the refused user; the seat stays free for others', async () => {
    const people = await members(server, 5, '만석');
    const roomId = await createRoom(server, people[0]!.accessToken, { memberNumber: 'T2' });
    const topic = `/topic/debate/${roomId}`;
    for (const p of people.slice(0, 3)) {
      const live = await connect(`/debate/${roomId}`, p.accessToken, { position: 'pro' });
      live.subscribe(topic);
      await live.waitFor(topic, (bs) => bs.some((b) => b.userName === p.nickname));
    }
    const fourth = await connect(`/debate/${roomId}`, people[3]!.accessToken, { position: 'pro' });
    fourth.subscribe(topic);
    const [kick] = await fourth.waitFor(topic, (bs) => bs.some((b) => b.event === 'error'));
    expect(kick).toMatchObject({
      event: 'error',
      roomId,
      kickedUserName: people[3]!.nickname,
      message: '선택한 입장의 자리가 모두 찼어요.',
    });
    const info = (await server.call('GET', `/api/debates/waitroom/${roomId}`, { token: people[4]!.accessToken })).body
      .data as any;
    expect([info.proUsers.length, info.conUsers.length, info.status]).toEqual([3, 0, 'WAITING']);
  }, 20_000);

  it('walkover when a side is down to one (vote room) and exit overflow without a vote', async () => {
    for (const resultEnabled of [true, false]) {
      const people = await members(server, 6, resultEnabled ? '부전' : '무효');
      const roomId = await createRoom(server, people[0]!.accessToken, { memberNumber: 'T2', resultEnabled });
      const lives = await seat(roomId, people.slice(0, 3), people.slice(3));
      const topic = `/topic/debate/${roomId}`;
      await lives.get(people[3]!.userId)!.leave();
      await lives.get(people[4]!.userId)!.leave();
      const watcher = lives.get(people[0]!.userId)!;
      const tail = await watcher.waitFor(topic, (bs) =>
        bs.some((b) => b.event === 'WIN_BY_DEFAULT' || b.event === 'EXIT_OVERFLOW_NULL'),
      );
      expect(tail.map(shape).slice(-3)).toEqual([
        `user_left:${people[3]!.nickname}`,
        `user_left:${people[4]!.nickname}`,
        resultEnabled ? 'WIN_BY_DEFAULT:PRO' : 'EXIT_OVERFLOW_NULL:',
      ]);
      expect(tail.find((b) => b.event === 'user_left').message).toBe(`${people[3]!.nickname}님이 방을 떠났습니다.`);
      const loser = (await server.call('GET', `/api/users/${people[5]!.userId}`, { token: people[0]!.accessToken }))
        .body.data as any;
      const winner = (await server.call('GET', `/api/users/${people[1]!.userId}`, { token: people[0]!.accessToken }))
        .body.data as any;
      expect([winner.winNumber, loser.defeatNumber]).toEqual(resultEnabled ? [1, 1] : [0, 0]);
      expect(
        (await server.call('GET', `/api/debates/observer/${roomId}`, { token: people[0]!.accessToken })).body.data,
      ).toMatchObject({ status: 'CLOSED' });
    }
  }, 40_000);
});

describe('1:1 walkovers, grace and authentication', () => {
  it('1:1: CON leaving gives PRO the walkover; without a vote the room ends with EXIT_OVERFLOW_NULL', async () => {
    for (const resultEnabled of [true, false]) {
      const [pro, con] = await members(server, 2, '일대일');
      const roomId = await createRoom(server, pro!.accessToken, { resultEnabled });
      const lives = await seat(roomId, [pro!], [con!]);
      await lives.get(con!.userId)!.leave();
      const bodies = await lives
        .get(pro!.userId)!
        .waitFor(`/topic/debate/${roomId}`, (bs) =>
          bs.some((b) => b.event === 'WIN_BY_DEFAULT' || b.event === 'EXIT_OVERFLOW_NULL'),
        );
      expect(bodies.map(shape).at(-1)).toBe(resultEnabled ? 'WIN_BY_DEFAULT:PRO' : 'EXIT_OVERFLOW_NULL:');
    }
  }, 30_000);

  it('a reconnect inside the grace keeps the seat; one outside it ends the debate', async () => {
    const [pro, con] = await members(server, 2, '재접속');
    const roomId = await createRoom(server, pro!.accessToken, { time: 'T15' });
    const topic = `/topic/debate/${roomId}`;
    const lives = await seat(roomId, [pro!], [con!]);
    lives.get(con!.userId)!.drop();
    await sleep(200); // grace = 50 s × 0.02 = 1 s
    const back = await connect(`/debate/${roomId}`, con!.accessToken, { position: 'con' });
    back.subscribe(topic);
    await back.waitFor(topic, (bs) => bs.some((b) => b.event === 'user_joined' && b.userName === con!.nickname));
    await sleep(1_300);
    const proLive = lives.get(pro!.userId)!;
    expect(proLive.on(topic).some((b) => b.event === 'WIN_BY_DEFAULT' || b.event === 'user_left')).toBe(false);

    back.drop();
    const bodies = await proLive.waitFor(topic, (bs) => bs.some((b) => b.event === 'WIN_BY_DEFAULT'), 5_000);
    expect(bodies.map(shape).slice(-2)).toEqual([`user_left:${con!.nickname}`, 'WIN_BY_DEFAULT:PRO']);
  }, 30_000);

  it('refuses a CONNECT without a valid token, and guests', async () => {
    const roomId = await createRoom(server, (await members(server, 1, '인증'))[0]!.accessToken);
    await expect(
      Live.connect(server, `/debate/${roomId}`, null, { position: 'pro', userName: '누구' }),
    ).rejects.toThrow(/ERROR|closed/);
    await expect(Live.connect(server, `/debate/${roomId}`, 'not-a-token', { position: 'pro' })).rejects.toThrow(
      /ERROR|closed/,
    );
    const guest = await server.signIn(`guest-${process.pid}`);
    await expect(Live.connect(server, `/observer/${roomId}`, guest.accessToken)).rejects.toThrow(/ERROR|closed/);
    const info = await server.call('GET', `/api/debates/waitroom/${roomId}`, { token: guest.accessToken });
    expect(info.status).toBe(403);
  }, 20_000);
});
