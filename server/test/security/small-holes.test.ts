/**
 * Small holes an attacker found with ordinary accounts, each tried over real HTTP (and STOMP)
 * while a bystander keeps chatting and checking the server's health.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, Live, members } from '../debates/support.js';
import { Bystander, expectServed } from '../support/bystander.js';
import { expectTooMany } from './envelope.js';
import { startTestServer, TEST_JWT_SECRET, type Session, type TestServer } from '../support/server.js';

let server: TestServer;
let bystander: Bystander;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_NICKNAME: '5/1h' });
  bystander = await Bystander.start(server);
});
afterAll(async () => {
  if (bystander) expectServed(await bystander.stop('small holes'));
  await server?.stop();
});

describe('news search with a control character', () => {
  it('answers 400 in Korean for a NUL anywhere in q, never a 500 or every row', async () => {
    const [reader] = await members(server, 1, '검색');
    const search = (q: string) => server.call('GET', `/api/news?q=${q}`, { token: reader!.accessToken });
    const answers = await Promise.all(['ab%00cd', '%00', '%00%00%00', '가나%01다', '%1F'].map(search));
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: '오류',
        code: 'INVALID_QUERY',
        message: '검색어에 사용할 수 없는 문자가 들어 있습니다.',
      });
    }
    expect((await search('abcd')).status).toBe(200);
  });
});

describe('the nickname-check limit through the profile edit', () => {
  it('refuses the 6th nickname probe via PUT /api/users/mypage/{id}, shares the allowance, spares others', async () => {
    const [prober, other] = await members(server, 2, '탐색');
    const edit = (who: Session, nickname: string) => {
      const form = new FormData();
      form.set('nickname', nickname);
      return server.call('PUT', `/api/users/mypage/${who.userId}`, { token: who.accessToken, body: form });
    };
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await edit(prober!, `후보${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expectTooMany(
      await edit(prober!, '후보99'),
      'NICKNAME_CHECK_RATE_LIMITED',
      '닉네임 확인을 너무 자주 요청했습니다. 잠시 후 다시 시도해주세요.',
      '720',
    );
    const check = await server.call('POST', '/api/auth/nickname-confirm', {
      token: prober!.accessToken,
      json: { nickname: '다른후보' },
    });
    expect(check.body.code).toBe('NICKNAME_CHECK_RATE_LIMITED');
    // An edit that leaves the nickname alone is no lookup and stays possible.
    const intro = new FormData();
    intro.set('introduction', '소개만 바꿔요');
    expect(
      (await server.call('PUT', `/api/users/mypage/${prober!.userId}`, { token: prober!.accessToken, body: intro }))
        .status,
    ).toBe(200);
    expect((await edit(other!, '남의이름')).status).toBe(200);
  });
});

describe('access tokens', () => {
  let member: Session;
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const forge = (sub: string, exp: number | null) => {
    const jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt();
    return (exp === null ? jwt : jwt.setExpirationTime(exp)).sign(secret);
  };
  const rest = (authorization: string) =>
    server.call('GET', '/api/users/userInfo', { headers: { Authorization: authorization } });
  const stomp = async (authorization: string) => {
    try {
      const live = await Live.connect(server, '/ws', null, { Authorization: authorization });
      await live.client.deactivate({ force: true });
      return 'connected';
    } catch {
      return 'refused';
    }
  };
  beforeAll(async () => {
    member = (await members(server, 1, '토큰'))[0]!;
  });

  it('refuses a token without exp and any subject that is not the canonical id, over REST and STOMP', async () => {
    const later = Math.floor(Date.now() / 1000) + 600;
    const id = String(member.userId);
    const odd = [`${id}e0`, `0${id}`, `${id}.0`, `+${id}`, ` ${id}`, `${id} `, `0x${member.userId.toString(16)}`];
    const forged = [await forge(id, null), ...(await Promise.all(odd.map((sub) => forge(sub, later))))];
    for (const token of forged) {
      const res = await rest(`Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_ACCESS_TOKEN');
      expect(await stomp(`Bearer ${token}`)).toBe('refused');
    }
    const fine = await forge(id, later);
    expect((await rest(`Bearer ${fine}`)).status).toBe(200);
    expect(await stomp(`Bearer ${fine}`)).toBe('connected');
  });

  it('reads the Bearer prefix the same way over REST and STOMP', async () => {
    const t = member.accessToken;
    const cases: [string, boolean][] = [
      [`Bearer ${t}`, true],
      [`bearer ${t}`, true],
      [`BEARER  ${t}`, true],
      [`Bearer\t${t}`, false],
      [`Bearer${t}`, false],
      [`Token ${t}`, false],
      [`Bearer ${t} extra`, false],
    ];
    for (const [header, accepted] of cases) {
      expect([header.slice(0, 8), (await rest(header)).status]).toEqual([header.slice(0, 8), accepted ? 200 : 401]);
      expect([header.slice(0, 8), await stomp(header)]).toEqual([
        header.slice(0, 8),
        accepted ? 'connected' : 'refused',
      ]);
    }
  });
});

describe('CHAT reports', () => {
  it('need an existing room and a line the target said there', async () => {
    const [owner, speaker, reporter] = await members(server, 3, '채신');
    const roomId = await createRoom(server, owner!.accessToken);
    const live = await Live.connect(server, '/ws', speaker!.accessToken);
    live.subscribe('/user/queue/replies');
    live.send(`/app/rooms/${roomId}/observe`, {});
    live.send(`/app/rooms/${roomId}/observer-chat`, { text: '정말 나쁜 말' });
    await live.waitFor('/user/queue/replies', (r) => r.length === 2 && r.every((x) => x.ok));
    await live.client.deactivate({ force: true });

    const report = (targetRoomId: string, content: string, targetUserId = speaker!.userId) =>
      server.call('POST', '/api/report', {
        token: reporter!.accessToken,
        json: { targetUserId, targetType: 'CHAT', targetRoomId, content, reportType: 'CUSS' },
      });
    const ghost = await report('6f1c1f0e-8a4b-4c5e-9d2f-1a2b3c4d5e6f', '정말 나쁜 말');
    expect([ghost.status, ghost.body.code, ghost.body.message]).toEqual([
      404,
      'ROOM_NOT_FOUND',
      '존재하지 않는 토론방입니다.',
    ]);
    for (const invented of ['하지 않은 말', '정말 나쁜', '정말 나쁜 말도 아님', 'x정말 나쁜 말']) {
      const res = await report(roomId, invented);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        400,
        'CHAT_LINE_NOT_FOUND',
        '신고한 메시지를 이 토론방의 대화에서 찾을 수 없습니다.',
      ]);
    }
    // Someone else's line is not the target's.
    expect((await report(roomId, '정말 나쁜 말', owner!.userId)).body.code).toBe('CHAT_LINE_NOT_FOUND');
    // The quoted line, with the reporter's note below it (the web app's report format).
    expect((await report(roomId, '정말 나쁜 말\n\n[신고자 메모] 반복해서 욕설')).status).toBe(201);
  });
});

describe('demo sign-in limit', () => {
  let proxied: TestServer;
  afterAll(() => proxied?.stop());

  it('counts each end client apart even though our own server calls the token endpoint', async () => {
    proxied = await startTestServer({ RATE_LIMIT_SIGN_IN: '3/1m', TRUST_PROXY: 'on' });
    const providers = (await proxied.call('GET', '/api/auth/providers')).body.data as {
      google: { authorizeUrl: string };
    };
    const signInFrom = async (address: string, key: string) => {
      const authorize = new URL(providers.google.authorizeUrl.replace(/^http:\/\/localhost:\d+/, proxied.url));
      authorize.searchParams.set('login_hint', key);
      const redirect = await fetch(authorize, { redirect: 'manual', headers: { 'X-Forwarded-For': address } });
      if (redirect.status !== 302) return redirect.status;
      const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
      const res = await proxied.call(
        'POST',
        `/login/oauth2/callback?code=${encodeURIComponent(code)}&provider=google`,
        {
          headers: { 'X-Forwarded-For': address },
        },
      );
      return res.status;
    };
    const clients = Array.from({ length: 8 }, (_, i) => `198.51.100.${i + 1}`);
    const statuses = [];
    for (const address of clients) statuses.push(await signInFrom(address, `end-${address}`));
    console.log(
      `[demo sign-in] ${statuses.filter((s) => s === 201).length}/${clients.length} end clients signed in ` +
        'under a limit of 3 per client',
    );
    expect(statuses).toEqual(clients.map(() => 201));
    // One client over its own limit is still refused.
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push(await signInFrom('203.0.113.50', `same-${i}`));
    expect(mine).toEqual([201, 201, 201, 429]);
  });
});
