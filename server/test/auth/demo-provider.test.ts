import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const redirect = () => `${server.url}/login/oauth2/callback/kakao`;
const authorizeUrl = (loginHint: string) =>
  `${server.url}/demo-oauth/kakao/authorize?${new URLSearchParams({
    client_id: 'toron-demo-kakao',
    redirect_uri: redirect(),
    response_type: 'code',
    login_hint: loginHint,
  }).toString()}`;

async function kakaoCode(key: string): Promise<string> {
  const res = await fetch(authorizeUrl(key), { redirect: 'manual' });
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

const token = (fields: Record<string, string>) =>
  fetch(`${server.url}/demo-oauth/kakao/token`, { method: 'POST', body: new URLSearchParams(fields) });

describe('demo identity provider endpoints', () => {
  it('token checks the client secret, the redirect_uri and uses a code once; userinfo is Kakao-shaped', async () => {
    const base = { grant_type: 'authorization_code', client_id: 'toron-demo-kakao', redirect_uri: redirect() };
    expect((await token({ ...base, client_secret: 'wrong', code: await kakaoCode('junho') })).status).toBe(401);
    expect(
      (
        await token({
          ...base,
          client_secret: 'toron-demo-kakao-secret',
          redirect_uri: 'http://x/cb',
          code: await kakaoCode('junho'),
        })
      ).status,
    ).toBe(400);

    const code = await kakaoCode('junho');
    const ok = await token({ ...base, client_secret: 'toron-demo-kakao-secret', code });
    expect(ok.status).toBe(200);
    const { access_token } = (await ok.json()) as { access_token: string };
    expect((await token({ ...base, client_secret: 'toron-demo-kakao-secret', code })).status).toBe(400);

    const info = await fetch(`${server.url}/demo-oauth/kakao/userinfo`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(await info.json()).toEqual({
      id: 'junho',
      kakao_account: { profile: { nickname: '이준호', profile_image_url: `${server.url}/avatars/junho.svg` } },
    });
    expect(
      (
        await fetch(`${server.url}/demo-oauth/google/userinfo`, {
          headers: { Authorization: `Bearer ${access_token}` },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a malformed key on the authorize page', async () => {
    const res = await fetch(authorizeUrl('<b>x</b>'), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('<b>x</b>');
  });
});
