import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestServer } from '../support/server.js';
import { createRoom, Live, members, ROOM, startDebateServer } from './support.js';

let server: TestServer;
let users: Session[];
const clients: Live[] = [];

/** Opens a 1:1 room, seats both, has CON leave: a finished room (walkover or exit overflow). */
async function finishedRoom(
  creator: Session,
  opponent: Session,
  overrides: Record<string, unknown>,
  chat?: string,
): Promise<string> {
  const roomId = await createRoom(server, creator.accessToken, overrides);
  const topic = `/topic/debate/${roomId}`;
  const pro = await Live.connect(server, `/debate/${roomId}`, creator.accessToken, { position: 'pro' });
  const con = await Live.connect(server, `/debate/${roomId}`, opponent.accessToken, { position: 'con' });
  clients.push(pro, con);
  pro.subscribe(topic);
  await pro.waitFor(topic, (b) => b.length >= 1);
  con.subscribe(topic);
  await pro.waitFor(topic, (b) => b.some((x) => x.event === 'STATUS'));
  if (chat) {
    pro.send(`/app/debate/${roomId}`, { message: chat });
    await pro.waitFor(topic, (b) => b.some((x) => x.event === 'MESSAGE'));
  }
  await con.leave();
  await pro.waitFor(topic, (b) => b.some((x) => x.event === 'WIN_BY_DEFAULT' || x.event === 'EXIT_OVERFLOW_NULL'));
  return roomId;
}

beforeAll(async () => {
  server = await startDebateServer();
  users = await members(server, 6, '레스트');
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('debate REST', () => {
  it('creates rooms from wire codes and refuses bad bodies with 400, never 500', async () => {
    const token = users[0]!.accessToken;
    const bad = [
      {},
      { ...ROOM, time: 'T7' },
      { ...ROOM, speakCount: 'ELEVEN' },
      { ...ROOM, title: '가'.repeat(31) },
      { ...ROOM, title: '   ' },
      { ...ROOM, memberNumber: 'T3' },
      { ...ROOM, resultEnabled: 'yes' },
      { ...ROOM, newsUrl: '/news/1' },
      'not json',
    ];
    for (const body of bad) {
      const res = await server.call('POST', '/api/chat/create', { token, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('오류');
    }
    expect(
      (
        await server.call('POST', '/api/chat/create', {
          token,
          json: { ...ROOM, newsId: 999_999_999, newsUrl: '/news/999999999' },
        })
      ).status,
    ).toBe(404);
    expect((await server.call('POST', '/api/chat/create', { json: ROOM })).status).toBe(401);
    const created = await server.call('POST', '/api/chat/create', {
      token,
      json: { ...ROOM, newsId: 1, newsUrl: '/news/1', time: 'T9', speakCount: 'FIVE', memberNumber: 'T2' },
    });
    expect(created.status).toBe(201);
    const roomId = created.body.data as string;
    expect(roomId).toMatch(/^[0-9a-f-]{36}$/);
    for (const path of [
      `/api/debates/waitroom/${roomId}`,
      `/api/debates/${roomId}`,
      `/api/debates/observer/${roomId}`,
    ]) {
      const info = (await server.call('GET', path, { token })).body.data;
      expect(info).toEqual({
        roomId,
        uuid: roomId,
        title: ROOM.title,
        description: ROOM.description,
        memberNumberType: 3,
        categoryType: 'PO',
        continentType: 'KR',
        newsUrl: '/news/1',
        status: 'WAITING',
        timeType: 90,
        speakCountType: 5,
        resultEnabled: true,
        proUsers: [],
        conUsers: [],
        outcome: null,
      });
    }
    expect((await server.call('GET', `/api/debates/turn/${roomId}`, { token })).body.data).toEqual({ turnCount: 10 });
    expect((await server.call('GET', `/api/debates/vote/${roomId}`, { token })).body.data).toEqual({
      agreeNumber: 0,
      disagreeNumber: 0,
      neutralNumber: 0,
    });
    const early = await server.call('PUT', `/api/debates/vote/${roomId}`, { token, json: { vote: 'PRO' } });
    expect([early.status, early.body.code]).toEqual([409, 'VOTE_NOT_OPEN']);
    expect((await server.call('PUT', `/api/debates/vote/${roomId}`, { token, json: { vote: 'MAYBE' } })).status).toBe(
      400,
    );
    expect((await server.call('GET', `/api/debates/${roomId}/events`, { token })).status).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      `/api/debates/${unknown}`,
      `/api/debates/turn/${unknown}`,
      `/api/users/mypage/${unknown}/debateChats`,
      `/api/debates/${unknown}/events`,
    ]) {
      expect((await server.call('GET', path, { token })).status, path).toBe(404);
    }
    expect((await server.call('GET', '/api/debates/not-a-uuid', { token })).status).toBe(400);
  });

  it('rate-limits room creation per user', async () => {
    const token = users[5]!.accessToken;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await server.call('POST', '/api/chat/create', { token, json: ROOM })).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('finished list: filters, search, sort, pages of 15; archive newest first, mine oldest first', async () => {
    const [a, b, c] = users as [Session, Session, Session];
    const page = (q: string) => server.call('GET', `/api/debates/debateRoom/finished?${q}`, { token: a.accessToken });
    // The demo debates (and earlier tests) may already be listed: count on top of them.
    const before = ((await page('q=&continent=&category=&member=&p=1&sort=recent')).body.data as any)
      .totalElements as number;
    const extra = await members(server, 8, '반복');
    const first = await finishedRoom(
      a,
      b,
      { title: '첫 토론 원자력', continent: 'EU', category: 'EC' },
      '원자력은 필요합니다',
    );
    const ids: string[] = [first];
    const ofExtra0: string[] = [];
    for (let i = 0; i < 16; i++) {
      const [creator, opponent] = [extra[i % 8]!, extra[(i + 1) % 8]!];
      const id = await finishedRoom(creator, opponent, { title: `반복 토론 ${i}`, resultEnabled: i % 3 !== 0 });
      ids.push(id);
      if (creator === extra[0] || opponent === extra[0]) ofExtra0.push(id);
    }
    const p1 = (await page('q=&continent=&category=&member=&p=1&sort=recent')).body.data as any;
    expect(p1.content).toHaveLength(15);
    const total = before + 17;
    expect([p1.totalPages, p1.totalElements, p1.pageable.pageNumber, p1.number, p1.size, p1.first, p1.last]).toEqual([
      Math.ceil(total / 15),
      total,
      0,
      0,
      15,
      true,
      false,
    ]);
    expect(p1.content[0].uuid).toBe(ids.at(-1));
    expect(p1.content[0]).toMatchObject({ status: 'CLOSED', memberNumberType: 1, timeType: 30, speakCountType: 3 });
    expect(p1.content[0].proUsers).toHaveLength(1);
    // The last room had no vote and lost its CON debater: stopped, no winner.
    expect(p1.content[0].outcome).toEqual({
      ending: 'STOPPED',
      winner: null,
      tally: null,
      endedAt: expect.stringMatching(/Z$/),
    });
    const p2 = (await page('q=&continent=&category=&member=&p=2&sort=recent')).body.data as any;
    expect(p2.content.slice(0, 2).map((r: any) => r.uuid)).toEqual([ids[1], ids[0]]);
    const eu = (await page('q=&continent=EU&category=EC&member=T1&p=1&sort=popular')).body.data as any;
    expect(eu.content.map((r: any) => r.uuid)).toContain(first);
    for (const r of eu.content) expect([r.continentType, r.categoryType, r.memberNumberType]).toEqual(['EU', 'EC', 1]);
    const found = (await page('q=원자&continent=&category=&member=&p=1&sort=recent')).body.data as any;
    expect(found.content.map((r: any) => r.uuid)).toContain(first);
    for (const r of found.content) expect(r.title).toContain('원자');
    const teams = (await page('q=&continent=&category=&member=T2&p=1&sort=recent')).body.data as any;
    for (const r of teams.content) {
      expect(r.memberNumberType).toBe(3);
      expect(ids).not.toContain(r.uuid);
    }
    expect((await page('p=0')).status).toBe(200);
    for (const q of ['continent=XX', 'member=T9', 'sort=best', 'p=-1', 'p=abc'])
      expect((await page(q)).status, q).toBe(400);

    const chats = (await server.call('GET', `/api/users/mypage/${first}/debateChats`, { token: c.accessToken })).body
      .data as any[];
    expect(chats).toEqual([
      {
        nickname: a.nickname,
        position: 'PRO',
        content: '원자력은 필요합니다',
        profileUrl: `${server.url}/avatars/default.svg`,
        createdAt: expect.stringMatching(/Z$/),
      },
    ]);

    const mine = (await server.call('GET', `/api/users/mypage/${a.userId}/debates`, { token: a.accessToken })).body
      .data as any[];
    expect(mine[0]).toEqual({
      debateId: first,
      category: 'EC',
      title: '첫 토론 원자력',
      time: '3분',
      member: '1:1',
      status: 'CLOSED',
      isParticipant: true,
      ratingChange: expect.any(Number),
      position: 'PRO',
      outcome: { ending: 'WALKOVER', winner: 'PRO', tally: null, endedAt: expect.stringMatching(/Z$/) },
      result: 'WIN',
    });
    const lost = (await server.call('GET', `/api/users/mypage/${b.userId}/debates`, { token: a.accessToken })).body
      .data as any[];
    expect(lost.find((d) => d.debateId === first)).toMatchObject({ position: 'CON', result: 'LOSS' });
    expect(mine[0].ratingChange).toBeGreaterThan(0); // a won that walkover
    const theirs = (await server.call('GET', `/api/users/mypage/${extra[0]!.userId}/debates`, { token: a.accessToken }))
      .body.data as any[];
    expect(theirs.map((x) => x.debateId)).toEqual(ofExtra0);
  }, 60_000);

  it('ranks no member with a provisional rating (walkovers above); searches safely; members only', async () => {
    const res = await server.call('GET', '/api/users/followers', { token: users[0]!.accessToken });
    expect(res.status).toBe(200);
    const list = res.body.data as any[];
    expect(list.length).toBeLessThanOrEqual(100);
    const ids = new Set(users.map((u) => u.userId));
    expect(list.filter((x) => ids.has(x.userId))).toEqual([]);
    const search = (
      await server.call('GET', `/api/users/followers?query=${encodeURIComponent('레스트')}`, {
        token: users[0]!.accessToken,
      })
    ).body.data as any[];
    expect(search).toEqual([]);
    expect(
      (await server.call('GET', '/api/users/followers?query=%25', { token: users[0]!.accessToken })).body.data,
    ).toEqual([]);
    const guest = await server.signIn(`ranking-guest-${process.pid}`);
    expect((await server.call('GET', '/api/users/followers', { token: guest.accessToken })).status).toBe(403);
  });
});
