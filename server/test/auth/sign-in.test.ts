import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('sign-in through the demo provider', () => {
  it('a new identity becomes a guest with a temporary nickname, then a member after sign-up', async () => {
    const guest = await server.signIn('newcomer01');
    expect(guest.role).toBe('ROLE_GUEST');
    expect(guest.nickname).toMatch(/^GOOGLE_.+$/);
    expect(guest.userId).toBeGreaterThan(0);

    const info = await server.call('GET', '/api/users/userInfo', { token: guest.accessToken });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ id: guest.userId, role: 'ROLE_GUEST', winNumber: 0 });
    expect(Object.keys(info.body.data as object).sort()).toEqual([
      'defeatNumber',
      'drawNumber',
      'id',
      'introduction',
      'newsListsPrivate',
      'nickname',
      'profileUrl',
      'role',
      'winNumber',
    ]);

    const free = await server.call('POST', '/api/auth/nickname-confirm', {
      token: guest.accessToken,
      json: { nickname: '새내기' },
    });
    expect(free.status).toBe(201);
    const taken = await server.call('POST', '/api/auth/nickname-confirm', {
      token: guest.accessToken,
      json: { nickname: '김민지' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({
      status: '오류',
      code: 'DUPLICATE_NICKNAME',
      message: '중복된 닉네임입니다. 다른 닉네임을 입력해주세요.',
    });

    const signup = await server.call('POST', '/api/auth/signup', {
      token: guest.accessToken,
      json: { nickname: ' 새내기 ', introduction: '반가워요' },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.data).toMatchObject({ nickname: '새내기', introduction: '반가워요', role: 'ROLE_MEMBER' });

    const again = await server.call('POST', '/api/auth/signup', {
      token: guest.accessToken,
      json: { nickname: '다른이름', introduction: '' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('ALREADY_SIGNED_UP');

    // Signing in again finds the same user, now a member.
    const back = await server.signIn('newcomer01');
    expect(back).toMatchObject({ userId: guest.userId, nickname: '새내기', role: 'ROLE_MEMBER' });
  });

  it('a demo user signs in as a member directly, on either provider', async () => {
    const minji = await server.signIn('minji', 'google');
    expect(minji).toMatchObject({ nickname: '김민지', role: 'ROLE_MEMBER' });
    expect(minji.imgUrl).toBe(`${server.url}/avatars/minji.svg`);
    const junho = await server.signIn('junho', 'kakao');
    expect(junho).toMatchObject({ nickname: '이준호', role: 'ROLE_MEMBER' });
    const admin = await server.signIn('admin');
    expect(admin.role).toBe('ROLE_ADMIN');
    const kakaoNew = await server.signIn('kakao-new', 'kakao');
    expect(kakaoNew.nickname).toMatch(/^KAKAO_.+$/);
  });

  it('nickname rules: length, prefix, case-insensitive uniqueness, blanks', async () => {
    const a = await server.signUpMember('case-a', 'Alpha');
    const guest = await server.signIn('case-b');
    const check = async (nickname: string) =>
      (await server.call('POST', '/api/auth/nickname-confirm', { token: guest.accessToken, json: { nickname } })).body
        .code ?? 'OK';
    expect(a.nickname).toBe('Alpha');
    expect(await check('alpha')).toBe('DUPLICATE_NICKNAME');
    expect(await check('   ')).toBe('INVALID_NICKNAME');
    expect(await check('')).toBe('INVALID_NICKNAME');
    expect(await check('열한글자짜리닉네임이다')).toBe('INVALID_NICKNAME');
    expect(await check('google_me')).toBe('INVALID_NICKNAME');
    expect(await check('KAKAO_x')).toBe('INVALID_NICKNAME');
    expect(await check('열글자짜리닉네임이다')).toBe('OK');
    const longIntro = await server.call('POST', '/api/auth/signup', {
      token: guest.accessToken,
      json: { nickname: '베타', introduction: 'x'.repeat(21) },
    });
    expect(longIntro.body.code).toBe('INVALID_INTRODUCTION');
  });

  it('the authorize page lists the demo users in Korean and escapes its input', async () => {
    const providers = (await server.call('GET', '/api/auth/providers')).body.data as {
      google: { authorizeUrl: string };
    };
    const url = new URL(providers.google.authorizeUrl);
    url.searchParams.set('state', '"><script>alert(1)</script>');
    const res = await fetch(url);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('김민지');
    expect(html).toContain('데모 로그인');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('이준호'); // a Kakao demo user is listed on the Kakao page
  });

  it('refuses a foreign redirect_uri or client, and a code twice', async () => {
    const bad = await fetch(
      `${server.url}/demo-oauth/google/authorize?client_id=toron-demo-google&redirect_uri=https://evil.example/cb&response_type=code&login_hint=minji`,
      { redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
    const client = await fetch(
      `${server.url}/demo-oauth/google/authorize?${new URLSearchParams({
        client_id: 'other',
        redirect_uri: `${server.url}/login/oauth2/callback/google`,
        response_type: 'code',
        login_hint: 'minji',
      }).toString()}`,
      { redirect: 'manual' },
    );
    expect(client.status).toBe(400);

    const providers = (await server.call('GET', '/api/auth/providers')).body.data as {
      google: { authorizeUrl: string };
    };
    const url = new URL(providers.google.authorizeUrl);
    url.searchParams.set('login_hint', 'minji');
    const code = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    expect((await server.call('POST', `/login/oauth2/callback?code=${code}&provider=google`)).status).toBe(201);
    const reused = await server.call('POST', `/login/oauth2/callback?code=${code}&provider=google`);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ status: '오류', code: 'OAUTH_LOGIN_FAILED' });
    // A Google code presented as Kakao is refused too.
    const code2 = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!).searchParams.get(
      'code',
    )!;
    expect((await server.call('POST', `/login/oauth2/callback?code=${code2}&provider=kakao`)).status).toBe(401);
  });

  it('callback without code or with an unknown provider is 400', async () => {
    expect((await server.call('POST', '/login/oauth2/callback?provider=google')).status).toBe(400);
    expect((await server.call('POST', '/login/oauth2/callback?code=x&provider=naver')).status).toBe(400);
  });
});
