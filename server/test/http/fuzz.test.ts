import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let guestToken: string;
let memberToken: string;
let memberId: number;
beforeAll(async () => {
  server = await startTestServer();
  guestToken = (await server.signIn('fuzz-guest')).accessToken;
  const member = await server.signUpMember('fuzz-member', '퍼즈');
  memberToken = member.accessToken;
  memberId = member.userId;
});
afterAll(() => server.stop());

const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.record({ nickname: fc.jsonValue(), introduction: fc.jsonValue(), refreshToken: fc.jsonValue() }, { requiredKeys: [] }),
  fc.record({ nickname: fc.string({ maxLength: 30 }), introduction: fc.string({ maxLength: 30 }) }),
  fc.record({ refreshToken: fc.string({ maxLength: 600 }) }),
);

const expectRefusalOrSuccess = (status: number, body: { status: string; code?: string }) => {
  expect(status).toBeLessThan(500);
  if (status >= 400) {
    expect(body.status).toBe('오류');
    expect(typeof body.code).toBe('string');
  } else {
    expect(body.status).toBe('성공');
  }
};

describe('fuzzed bodies never cause a 5xx', () => {
  const routes: [string, string, () => string | undefined][] = [
    ['POST', '/api/auth/nickname-confirm', () => guestToken],
    ['POST', '/api/auth/signup', () => memberToken],
    ['POST', '/api/auth/reissue', () => undefined],
    ['POST', '/login/oauth2/callback?code=x&provider=google', () => undefined],
  ];
  for (const [method, path, token] of routes) {
    it(`${method} ${path}`, async () => {
      await fc.assert(
        fc.asyncProperty(anyJson, async (json) => {
          const t = token();
          const res = await server.call(method, path, { json, ...(t ? { token: t } : {}) });
          expectRefusalOrSuccess(res.status, res.body);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('raw strings as JSON bodies and path ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 50 }), fc.string({ maxLength: 12 }), async (raw, id) => {
        const body = await server.call('POST', '/api/auth/nickname-confirm', { token: guestToken, body: raw, headers: { 'Content-Type': 'application/json' } });
        expectRefusalOrSuccess(body.status, body.body);
        const seg = encodeURIComponent(id) || 'x';
        const get = await server.call('GET', `/api/users/${seg}`, { token: memberToken });
        expect(get.status).toBeLessThan(500);
        const follow = await server.call('POST', `/api/users/mypage/${seg}/${memberId}/insertfollowers`, { token: memberToken });
        expect(follow.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('multipart profile updates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 25 }), fc.string({ maxLength: 25 }), fc.uint8Array({ maxLength: 64 }), async (nickname, introduction, bytes) => {
        const f = new FormData();
        f.append('nickname', nickname);
        f.append('introduction', introduction);
        f.append('file', new Blob([bytes]), 'f.png');
        const res = await server.call('PUT', `/api/users/mypage/${memberId}`, { token: memberToken, body: f });
        expectRefusalOrSuccess(res.status, res.body);
      }),
      { numRuns: 60 },
    );
  });
});
