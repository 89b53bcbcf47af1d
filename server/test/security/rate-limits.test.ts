import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, Live, members, ROOM, sleep, until } from '../debates/support.js';
import { loadConfig } from '../../src/config.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { expectTooMany } from './envelope.js';

// Every abuse limit over real HTTP and STOMP, with small limits set through the environment.
const LIMITS = {
  RATE_LIMIT_CHAT: '3/3s', // a burst of 3, then one per second
  RATE_LIMIT_REPORT: '2/10m',
  RATE_LIMIT_NICKNAME: '3/1m',
  RATE_LIMIT_ROOM_CREATION: '2/1m',
  DEBATE_TIME_SCALE: '0.05', // 150 s turns last 7.5 s, the start countdown 250 ms
};

let server: TestServer;
const clients: Live[] = [];
const connect = async (path: string, token: string, headers: Record<string, string> = {}) => {
  const live = await Live.connect(server, path, token, headers);
  clients.push(live);
  return live;
};
beforeAll(async () => {
  server = await startTestServer(LIMITS);
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('configuration', () => {
  it('defaults, the <count>/<window> format, and refusal of anything else', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      chat: { limit: 5, windowMs: 3_000 },
      presence: { limit: 12, windowMs: 60_000 },
      stance: { limit: 10, windowMs: 60_000 },
      report: { limit: 5, windowMs: 600_000 },
      nickname: { limit: 30, windowMs: 60_000 },
      signIn: { limit: 20, windowMs: 60_000 },
      roomCreation: { limit: 5, windowMs: 60_000 },
      follow: { limit: 30, windowMs: 60_000 },
      upload: { limit: 10, windowMs: 600_000 },
      preview: { limit: 30, windowMs: 60_000 },
    });
    expect(loadConfig({ RATE_LIMIT_CHAT: ' 10 / 2h ' }).rateLimits.chat).toEqual({ limit: 10, windowMs: 7_200_000 });
    for (const bad of ['lots', '5', '0/1m', '5/0s', '-1/1m', '5/1d', '5/1.5m'])
      expect(() => loadConfig({ RATE_LIMIT_SIGN_IN: bad }), bad).toThrow(/RATE_LIMIT_SIGN_IN/);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('room creation (per user)', () => {
  it('allows the burst, refuses the next with 429 in Korean, and leaves other users alone', async () => {
    const [a, b] = await members(server, 2, '방장');
    const create = () => server.call('POST', '/api/chat/create', { token: a!.accessToken, json: ROOM });
    for (let i = 0; i < 2; i++) expect((await create()).status).toBe(201);
    const third = await create();
    expectTooMany(third, 'TOO_MANY_ROOMS', '토론방을 너무 자주 만들고 있어요. 잠시 후 다시 시도해 주세요.', '30');
    expect(await createRoom(server, b!.accessToken)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('reports (per reporter)', () => {
  it('counts valid reports only, refuses the third in the window, and leaves other reporters alone', async () => {
    const [spammer, other, ...targets] = await members(server, 5, '신고');
    const report = (from: Session, to: Session) =>
      server.call('POST', '/api/report', {
        token: from.accessToken,
        json: { targetUserId: to.userId, targetType: 'PROFILE', targetRoomId: null, content: '', reportType: 'CUSS' },
      });
    // Refused before the limit: a self-report and an unknown target do not use up the allowance.
    expect((await report(spammer!, spammer!)).status).toBe(400);
    expect(
      (
        await server.call('POST', '/api/report', {
          token: spammer!.accessToken,
          json: { targetUserId: 999999, targetType: 'PROFILE', targetRoomId: null, content: '', reportType: 'CUSS' },
        })
      ).status,
    ).toBe(404);
    expect((await report(spammer!, targets[0]!)).status).toBe(201);
    expect((await report(spammer!, targets[1]!)).status).toBe(201);
    expectTooMany(
      await report(spammer!, targets[2]!),
      'REPORT_RATE_LIMITED',
      '신고는 10분에 2번까지 할 수 있습니다. 잠시 후 다시 시도해주세요.',
      '300',
    );
    expect((await report(other!, targets[2]!)).status).toBe(201);
  });
});

describe('nickname checks (per user)', () => {
  it('answers three checks a minute, then 429 in Korean; another user is unaffected', async () => {
    const [a, b] = await members(server, 2, '닉검');
    const check = (who: Session, nickname: string) =>
      server.call('POST', '/api/auth/nickname-confirm', { token: who.accessToken, json: { nickname } });
    expect((await check(a!, '새이름1')).status).toBe(201);
    expect((await check(a!, 'GOOGLE_x')).status).toBe(400); // refused checks count too: each one is a lookup
    expect((await check(a!, '새이름2')).status).toBe(201);
    expectTooMany(
      await check(a!, '새이름3'),
      'NICKNAME_CHECK_RATE_LIMITED',
      /^닉네임 확인을 너무 자주 요청했습니다\./,
      '20',
    );
    expect((await check(b!, '새이름3')).status).toBe(201);
    // The guard runs first: an anonymous check is 401, not counted against anyone.
    expect((await server.call('POST', '/api/auth/nickname-confirm', { json: { nickname: 'x' } })).status).toBe(401);
  });
});

describe('chat (per user per room)', () => {
  const replies = '/user/queue/replies';

  it('native client: the 4th burst message is refused in Korean; refills; per room and user', async () => {
    const [owner, viewer, second] = await members(server, 3, '채팅');
    const roomId = await createRoom(server, owner!.accessToken);
    const otherRoom = await createRoom(server, second!.accessToken);
    const v = await connect('/ws', viewer!.accessToken);
    v.subscribe(replies);
    v.subscribe(`/topic/rooms/${roomId}/events`);
    v.send(`/app/rooms/${roomId}/observe`, {});
    v.send(`/app/rooms/${otherRoom}/observe`, {});
    await v.waitFor(replies, (r) => r.length === 2 && r.every((x) => x.ok));
    for (let i = 1; i <= 4; i++) v.send(`/app/rooms/${roomId}/observer-chat`, { text: `참관 ${i}` });
    v.send(`/app/rooms/${otherRoom}/observer-chat`, { text: '다른 방' });
    const answers = (await v.waitFor(replies, (r) => r.length === 7)).slice(2);
    expect(answers.filter((a) => a.roomId === roomId).map((a) => (a.ok ? 'ok' : a.code))).toEqual([
      'ok',
      'ok',
      'ok',
      'CHAT_RATE_LIMITED',
    ]);
    expect(answers.find((a) => !a.ok)).toEqual({
      roomId,
      command: 'observer-chat',
      ok: false,
      code: 'CHAT_RATE_LIMITED',
      message: '메시지를 너무 빨리 보내고 있어요. 잠시 후 다시 보내 주세요.',
    });
    expect(answers.find((a) => a.roomId === otherRoom)).toMatchObject({ ok: true });
    const chats = () =>
      v
        .on(`/topic/rooms/${roomId}/events`)
        .filter((e) => e.type === 'ObserverChatted')
        .map((e) => e.text);
    await until(() => chats().length === 3);
    expect(chats()).toEqual(['참관 1', '참관 2', '참관 3']);

    // Another observer of the same room has an allowance of its own.
    const s = await connect('/ws', second!.accessToken);
    s.subscribe(replies);
    s.send(`/app/rooms/${roomId}/observe`, {});
    s.send(`/app/rooms/${roomId}/observer-chat`, { text: '두 번째 참관인' });
    expect((await s.waitFor(replies, (r) => r.length === 2))[1]).toMatchObject({ ok: true, command: 'observer-chat' });

    // One token a second: after a pause the viewer may chat again.
    await sleep(1_100);
    v.send(`/app/rooms/${roomId}/observer-chat`, { text: '잠시 후' });
    expect((await v.waitFor(replies, (r) => r.length === 8))[7]).toMatchObject({ ok: true, command: 'observer-chat' });

    // A debater's speeches pass the same gate before the engine judges them (here: not debating yet).
    const d = await connect('/ws', owner!.accessToken);
    d.subscribe(replies);
    d.send(`/app/rooms/${roomId}/join`, { side: 'PRO' });
    for (let i = 0; i < 4; i++) d.send(`/app/rooms/${roomId}/speak`, { text: `발언 ${i}` });
    const spoken = (await d.waitFor(replies, (r) => r.length === 5)).slice(1).map((a) => a.code);
    expect(spoken).toEqual(['WRONG_PHASE', 'WRONG_PHASE', 'WRONG_PHASE', 'CHAT_RATE_LIMITED']);
  });

  it('legacy clients: messages over the limit are dropped silently in both channels (no ERROR)', async () => {
    const [pro, con, watcher] = await members(server, 3, '레거시');
    const roomId = await createRoom(server, pro!.accessToken, { time: 'T15' });
    const topic = `/topic/debate/${roomId}`;
    const observerTopic = `/topic/observer/${roomId}`;
    const a = await connect(`/debate/${roomId}`, pro!.accessToken, { position: 'pro', roomId });
    a.subscribe(topic);
    await a.waitFor(topic, (b) => b.length >= 1);
    const b = await connect(`/debate/${roomId}`, con!.accessToken, { position: 'con', roomId });
    b.subscribe(topic);
    const obs = await connect(`/observer/${roomId}`, watcher!.accessToken, { roomId });
    obs.subscribe(observerTopic);
    await a.waitFor(topic, (bs) => bs.some((x) => x.event === 'STATUS' && x.status === 'DEBATE'));

    for (let i = 1; i <= 5; i++) a.send(`/app/debate/${roomId}`, { event: 'MESSAGE', message: `찬성 ${i}` });
    for (let i = 1; i <= 5; i++) obs.send(`/app/observer/${roomId}`, { event: 'MESSAGE', message: `참관 ${i}` });
    await a.waitFor(topic, (bs) => bs.filter((x) => x.event === 'MESSAGE').length === 3);
    await obs.waitFor(observerTopic, (bs) => bs.filter((x) => x.event === 'MESSAGE').length === 3);
    await sleep(300); // nothing more arrives
    expect(
      a
        .on(topic)
        .filter((x) => x.event === 'MESSAGE')
        .map((x) => x.message),
    ).toEqual(['찬성 1', '찬성 2', '찬성 3']);
    expect(
      obs
        .on(observerTopic)
        .filter((x) => x.event === 'MESSAGE')
        .map((x) => x.message),
    ).toEqual(['참관 1', '참관 2', '참관 3']);
    for (const c of [a, obs]) {
      expect(c.errors).toEqual([]);
      expect(c.client.connected).toBe(true);
    }
  });
});

describe('sign-in (per client address)', () => {
  let signIn: TestServer;
  afterAll(() => signIn?.stop());

  it('OAuth callback, demo authorize and token: the limit, then refusals; X-Forwarded-For is ignored', async () => {
    signIn = await startTestServer({ RATE_LIMIT_SIGN_IN: '3/1m' });
    // The token endpoint: requests without a real code count against their sender (a real code counts
    // against the browser that obtained it, see small-holes.test.ts).
    const token = () =>
      fetch(`${signIn.url}/demo-oauth/google/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'x',
          client_id: 'toron-demo-google',
          client_secret: 'wrong',
        }),
      });
    for (let i = 0; i < 3; i++) expect((await token()).status).toBe(401);
    const slow = await token();
    expect(slow.status).toBe(429);
    expect(await slow.json()).toEqual({ error: 'slow_down' });

    const callback = (forwarded: string) =>
      signIn.call('POST', '/login/oauth2/callback?code=not-a-code&provider=google', {
        headers: { 'X-Forwarded-For': forwarded },
      });
    for (let i = 0; i < 3; i++) expect((await callback(`10.0.0.${i}`)).body.code).not.toBe('SIGN_IN_RATE_LIMITED');
    expectTooMany(
      await callback('10.0.0.9'),
      'SIGN_IN_RATE_LIMITED',
      '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
      '20',
    );

    const providers = (await signIn.call('GET', '/api/auth/providers')).body.data as {
      google: { authorizeUrl: string };
    };
    const authorize = () =>
      fetch(providers.google.authorizeUrl.replace(/^http:\/\/localhost:\d+/, signIn.url), { redirect: 'manual' });
    for (let i = 0; i < 3; i++) expect((await authorize()).status).toBe(200);
    const page = await authorize();
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.');
  });

  it('behind a trusted proxy, the last X-Forwarded-For hop is the client', async () => {
    const proxied = await startTestServer({ RATE_LIMIT_SIGN_IN: '2/1m', TRUST_PROXY: 'on' });
    try {
      const callback = (forwarded: string) =>
        proxied.call('POST', '/login/oauth2/callback?code=not-a-code&provider=google', {
          headers: { 'X-Forwarded-For': forwarded },
        });
      const limited = async (forwarded: string) => (await callback(forwarded)).body.code === 'SIGN_IN_RATE_LIMITED';
      expect(await limited('1.1.1.1, 203.0.113.7')).toBe(false);
      expect(await limited('2.2.2.2, 203.0.113.7')).toBe(false);
      expect(await limited('3.3.3.3, 203.0.113.7')).toBe(true); // the spoofable first hops are ignored
      expect(await limited('203.0.113.8')).toBe(false);
    } finally {
      await proxied.stop();
    }
  });
});
