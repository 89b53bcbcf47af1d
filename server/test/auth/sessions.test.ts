import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeAllSessions } from '../../src/auth/sessions.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const reissue = (refreshToken: string, token?: string) =>
  server.call('POST', '/api/auth/reissue', { json: { refreshToken }, ...(token ? { token } : {}) });

describe('refresh token rotation', () => {
  it('answers 201 with a new pair and ignores an expired bearer', async () => {
    const s = await server.signIn('minji');
    const expired = await server.signToken(String(s.userId), Math.floor(Date.now() / 1000) - 60);
    const res = await reissue(s.refreshToken, expired);
    expect(res.status).toBe(201);
    const pair = res.body.data as { accessToken: string; refreshToken: string };
    expect(pair.refreshToken).not.toBe(s.refreshToken);
    expect((await server.call('GET', '/api/users/userInfo', { token: pair.accessToken })).status).toBe(200);
    // The new refresh token works in turn.
    expect((await reissue(pair.refreshToken)).status).toBe(201);
  });

  it('reusing a spent refresh token revokes the whole family', async () => {
    const s = await server.signIn('seoyeon');
    const first = (await reissue(s.refreshToken)).body.data as { refreshToken: string };
    const reuse = await reissue(s.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ status: '오류', code: 'REFRESH_TOKEN_REUSED' });
    // The legitimate newer token died with its family.
    const newer = await reissue(first.refreshToken);
    expect(newer.status).toBe(401);
    // Another session (another family) of the same user is unaffected.
    const other = await server.signIn('seoyeon');
    expect((await reissue(other.refreshToken)).status).toBe(201);
  });

  it('an unknown refresh token is 401 and a missing one 400', async () => {
    expect((await reissue('nope')).status).toBe(401);
    const missing = await server.call('POST', '/api/auth/reissue', { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.status).toBe('오류');
  });

  it('revokeAllSessions ends every refresh and access token of a user; a new sign-in works', async () => {
    const s = await server.signIn('jiho');
    expect(await revokeAllSessions(server.deps.storage, s.userId)).toBeGreaterThan(0);
    expect((await reissue(s.refreshToken)).status).toBe(401);
    const stale = await server.call('GET', '/api/users/userInfo', { token: s.accessToken });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('REVOKED_ACCESS_TOKEN');
    const again = await server.signIn('jiho');
    expect((await server.call('GET', '/api/users/userInfo', { token: again.accessToken })).status).toBe(200);
  });
});

describe('access tokens', () => {
  it('expired → 401 EXPIRED_ACCESS_TOKEN; forged, malformed or missing → 401', async () => {
    const s = await server.signIn('doyun');
    const expired = await server.signToken(String(s.userId), Math.floor(Date.now() / 1000) - 1);
    const res = await server.call('GET', '/api/users/userInfo', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('EXPIRED_ACCESS_TOKEN');

    const [h, p] = s.accessToken.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })).toString(
      'base64url',
    );
    for (const token of [
      `${h}.${forgedPayload}.${s.accessToken.split('.')[2]}`,
      `${h}.${p}.AAAA`,
      'garbage',
      `eyJhbGciOiJub25lIn0.${forgedPayload}.`,
    ]) {
      const r = await server.call('GET', '/api/users/userInfo', { token });
      expect(r.status).toBe(401);
      expect(r.body.status).toBe('오류');
    }
    expect((await server.call('GET', '/api/users/userInfo')).status).toBe(401);
    expect((await server.call('GET', '/api/users/userInfo', { headers: { Authorization: 'Basic abc' } })).status).toBe(
      401,
    );
    // A well-signed token for a user that does not exist.
    const ghost = await server.signToken('999999', Math.floor(Date.now() / 1000) + 600);
    expect((await server.call('GET', '/api/users/userInfo', { token: ghost })).status).toBe(401);
  });

  it('access tokens live at least 30 minutes', async () => {
    const s = await server.signIn('haeun');
    const payload = JSON.parse(Buffer.from(s.accessToken.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
      sub: string;
    };
    expect(payload.exp - payload.iat).toBeGreaterThanOrEqual(30 * 60);
    expect(Object.keys(payload).sort()).toEqual(['exp', 'iat', 'jti', 'sub', 'ver']);
  });
});

describe('roles are checked on every request', () => {
  it('a guest may use auth routes, userInfo and public profiles, but not member routes', async () => {
    const guest = await server.signIn('guest-only');
    expect((await server.call('GET', `/api/users/${guest.userId}`, { token: guest.accessToken })).status).toBe(200);
    const followers = await server.call('GET', `/api/users/mypage/${guest.userId}/followers`, {
      token: guest.accessToken,
    });
    expect(followers.status).toBe(403);
    expect(followers.body.code).toBe('SIGNUP_REQUIRED');
    const follow = await server.call('POST', `/api/users/mypage/1/${guest.userId}/insertfollowers`, {
      token: guest.accessToken,
    });
    expect(follow.status).toBe(403);
  });

  it('suspended and banned users are logged out at once (401), with their still-valid tokens', async () => {
    const s = await server.signUpMember('to-suspend', '정지예정');
    expect((await server.call('GET', '/api/users/userInfo', { token: s.accessToken })).status).toBe(200);

    await server.setRole(s.userId, 'ROLE_SUSPENDED', new Date(Date.now() + 3 * 24 * 3600 * 1000));
    const suspended = await server.call('GET', '/api/users/userInfo', { token: s.accessToken });
    expect(suspended.status).toBe(401);
    expect(suspended.body.code).toBe('ACCOUNT_SUSPENDED');
    expect(suspended.body.message).toContain('3일');
    const refresh = await reissue(s.refreshToken);
    expect(refresh.status).toBe(401);
    expect(refresh.body.code).toBe('ACCOUNT_SUSPENDED');
    // Signing in is refused as forbidden, with the same code and reason.
    await expect(server.signIn('to-suspend')).rejects.toThrow(/403.*ACCOUNT_SUSPENDED/);

    await server.setRole(s.userId, 'ROLE_BANNED');
    const banned = await server.call('GET', `/api/users/${s.userId}`, { token: s.accessToken });
    expect(banned.status).toBe(401);
    expect(banned.body.code).toBe('ACCOUNT_BANNED');
    expect(banned.body.message).toMatch(/정지/);
  });

  it('an elapsed suspension is lifted on the next request', async () => {
    const s = await server.signUpMember('was-suspended', '복귀회원');
    await server.setRole(s.userId, 'ROLE_SUSPENDED', new Date(Date.now() - 1000));
    const res = await server.call('GET', '/api/users/userInfo', { token: s.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'ROLE_MEMBER' });
  });
});
