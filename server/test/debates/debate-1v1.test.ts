import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { createRoom, Live, members, shape, startDebateServer, until } from './support.js';
import { ENGINES } from '../support/engines.js';

describe.each(ENGINES)('debates on %s', (engine) => {
  let server: TestServer;
  const clients: Live[] = [];
  const connect = async (...args: Parameters<typeof Live.connect> extends [unknown, ...infer R] ? R : never) => {
    const live = await Live.connect(server, ...args);
    clients.push(live);
    return live;
  };

  beforeAll(async () => {
    server = await startDebateServer({}, engine);
  });
  afterAll(async () => {
    for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
    await server.stop();
  });

  describe('a whole 1:1 debate over the legacy channels', () => {
    it('with a vote: exact event sequence, texts, echo, refusals, tally and records', async () => {
      const [pro, con, watcher] = await members(server, 3);
      const roomId = await createRoom(server, pro!.accessToken);
      const topic = `/topic/debate/${roomId}`;

      const a = await connect(`/debate/${roomId}`, pro!.accessToken, { position: 'pro', userName: '가짜이름', roomId });
      a.subscribe(topic);
      await a.waitFor(topic, (b) => b.length >= 1);
      const obs = await connect(`/observer/${roomId}`, watcher!.accessToken, { roomId });
      obs.subscribe(`/topic/observer/${roomId}`);
      const obsDebate = await connect(`/debate/${roomId}`, watcher!.accessToken, { position: 'observer', roomId });
      obsDebate.subscribe(topic);
      await until(
        async () =>
          (await server.call('GET', `/api/debates/waitroom/${roomId}`, { token: pro!.accessToken })).status === 200,
      );

      const b = await connect(`/debate/${roomId}`, con!.accessToken, { position: 'con' });
      b.subscribe(topic);
      await a.waitFor(topic, (bs) => bs.some((x) => x.event === 'STATUS' && x.status === 'DEBATE'));
      // The observer's /debate/ connection is inert: the room info lists two debaters only.
      const info = (await server.call('GET', `/api/debates/${roomId}`, { token: watcher!.accessToken })).body
        .data as any;
      expect(info.proUsers.map((u: any) => u.id)).toEqual([pro!.userId]);
      expect(info.conUsers.map((u: any) => u.id)).toEqual([con!.userId]);
      expect(info.status).toBe('DEBATE');

      b.send(`/app/debate/${roomId}`, {
        event: 'MESSAGE',
        userName: pro!.nickname,
        position: 'pro',
        message: '제 차례가 아닙니다',
        timestamp: new Date().toISOString(),
      });
      a.send(`/app/debate/${roomId}`, {
        event: 'MESSAGE',
        userName: '누구든',
        position: 'con',
        message: '  찬성 첫 발언  ',
        timestamp: new Date().toISOString(),
      });
      obs.send(`/app/observer/${roomId}`, {
        event: 'MESSAGE',
        userName: 'x',
        position: 'observer',
        message: '참관 채팅',
      });
      await a.waitFor(topic, (bs) => bs.some((x) => x.event === 'STATUS' && x.status === 'VOTING'));

      expect(
        (
          await server.call('PUT', `/api/debates/vote/${roomId}`, {
            token: watcher!.accessToken,
            json: { vote: 'PRO', userId: watcher!.userId },
          })
        ).status,
      ).toBe(200);
      expect(
        (await server.call('PUT', `/api/debates/vote/${roomId}`, { token: pro!.accessToken, json: { vote: 'PRO' } }))
          .status,
      ).toBe(200);
      const twice = await server.call('PUT', `/api/debates/vote/${roomId}`, {
        token: pro!.accessToken,
        json: { vote: 'CON' },
      });
      expect(twice.status).toBe(409);
      expect(twice.body).toMatchObject({
        status: '오류',
        code: 'ALREADY_VOTED',
        message: '이미 투표권을 행사하셨습니다.',
      });
      const forged = await server.call('PUT', `/api/debates/vote/${roomId}`, {
        token: con!.accessToken,
        json: { vote: 'CON', userId: pro!.userId },
      });
      expect(forged.status).toBe(403);
      expect(
        (
          await server.call('PUT', `/api/debates/vote/${roomId}`, {
            token: con!.accessToken,
            json: { vote: 'CON', userId: con!.userId },
          })
        ).status,
      ).toBe(200);

      await a.waitFor(topic, (bs) => bs.some((x) => x.event === 'STATUS' && x.status === 'CLOSED'));
      expect(a.on(topic).map(shape)).toEqual([
        `user_joined:${pro!.nickname}`,
        `user_joined:${con!.nickname}`,
        'NOTIFICATION:잠시 후 토론이 시작됩니다... ',
        'STATUS:DEBATE:토론이 시작되었습니다.',
        `MESSAGE:${pro!.nickname}:pro:찬성 첫 발언`,
        'TURN:CON',
        'TURN:PRO',
        'TURN:CON',
        'TURN:PRO',
        'TURN:CON',
        'NOTIFICATION:잠시 후 투표가 시작됩니다.',
        'STATUS:VOTING:투표가 시작되었습니다.',
        'NOTIFICATION:투표가 종료되었습니다. 투표 결과 집계중...',
        'STATUS:CLOSED:토론이 모두 종료되었습니다. 찬성 팀이 승리했습니다!!',
      ]);
      expect(a.on(topic).find((x) => x.event === 'TURN').message).toBe("'반대'팀 발언이 시작되었습니다.");
      expect(obsDebate.on(topic).map(shape)).toEqual(a.on(topic).map(shape).slice(1));
      expect(obs.on(`/topic/observer/${roomId}`).map((x) => `${x.event}:${x.position}:${x.message}`)).toEqual([
        'MESSAGE:observer:참관 채팅',
      ]);

      const tally = await server.call('GET', `/api/debates/vote/${roomId}`, { token: con!.accessToken });
      expect(tally.body.data).toEqual({ agreeNumber: 2, disagreeNumber: 1, neutralNumber: 0 });
      const late = await server.call('PUT', `/api/debates/vote/${roomId}`, {
        token: watcher!.accessToken,
        json: { vote: 'CON' },
      });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('ROOM_CLOSED');
      const proUser = (await server.call('GET', `/api/users/${pro!.userId}`, { token: pro!.accessToken })).body
        .data as any;
      const conUser = (await server.call('GET', `/api/users/${con!.userId}`, { token: pro!.accessToken })).body
        .data as any;
      expect([proUser.winNumber, proUser.defeatNumber, conUser.winNumber, conUser.defeatNumber]).toEqual([1, 0, 0, 1]);
      const watcherUser = (await server.call('GET', `/api/users/${watcher!.userId}`, { token: pro!.accessToken })).body
        .data as any;
      expect([watcherUser.winNumber, watcherUser.drawNumber, watcherUser.defeatNumber]).toEqual([0, 0, 0]);

      // Joining a closed room is refused with the error event naming the refused user.
      const late2 = await connect(`/debate/${roomId}`, watcher!.accessToken, { position: 'con' });
      late2.subscribe(topic);
      const [kick] = await late2.waitFor(topic, (bs) => bs.length > 0);
      expect(kick).toMatchObject({
        event: 'error',
        kickedUserName: watcher!.nickname,
        message: '이미 완료된 토론 방입니다.',
      });
    }, 30_000);

    it('without a vote: CLOSED with exactly the replay text, no records', async () => {
      const [pro, con] = await members(server, 2);
      const roomId = await createRoom(server, con!.accessToken, { resultEnabled: false });
      const topic = `/topic/debate/${roomId}`;
      const a = await connect(`/debate/${roomId}`, pro!.accessToken, { position: 'pro' });
      a.subscribe(topic);
      const b = await connect(`/debate/${roomId}`, con!.accessToken, { position: 'CON' });
      b.subscribe(topic);
      await b.waitFor(topic, (bs) => bs.some((x) => x.event === 'STATUS' && x.status === 'CLOSED'));
      expect(b.on(topic).map(shape).slice(-2)).toEqual(['TURN:CON', 'STATUS:CLOSED:토론이 모두 종료되었습니다.']);
      expect(b.on(topic).filter((x) => x.event === 'TURN')).toHaveLength(5);
      const early = await server.call('PUT', `/api/debates/vote/${roomId}`, {
        token: pro!.accessToken,
        json: { vote: 'PRO' },
      });
      expect(early.status).toBe(409);
      const proUser = (await server.call('GET', `/api/users/${pro!.userId}`, { token: pro!.accessToken })).body
        .data as any;
      expect([proUser.winNumber, proUser.drawNumber, proUser.defeatNumber]).toEqual([0, 0, 0]);
    }, 30_000);
  });
});
