/**
 * PKCE on the sign-in path (RFC 7636), over real HTTP through the demo provider: a code issued
 * for a challenge is exchanged only with its verifier, the callback of the wire contract keeps
 * working for clients that send none, and a bystander is served throughout.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bystander, expectServed } from '../support/bystander.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let bystander: Bystander;
beforeAll(async () => {
  server = await startTestServer();
  bystander = await Bystander.start(server);
});
afterAll(async () => {
  if (bystander) expectServed(await bystander.stop('sign-in with PKCE'));
  await server?.stop();
});

const newVerifier = () => randomBytes(32).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The browser's part: the demo provider's authorize endpoint with the given extra parameters; the code it redirects
 * with.
 */
async function authorize(provider: 'google' | 'kakao', extra: Record<string, string>): Promise<Response> {
  const providers = (await server.call('GET', '/api/auth/providers')).body.data as Record<
    string,
    { authorizeUrl: string }
  >;
  const url = new URL(providers[provider]!.authorizeUrl.replace(/^http:\/\/localhost:\d+/, server.url));
  for (const [k, v] of Object.entries({ login_hint: `pkce-${randomBytes(3).toString('hex')}`, ...extra }))
    url.searchParams.set(k, v);
  return fetch(url, { redirect: 'manual' });
}
const codeFrom = (res: Response) => new URL(res.headers.get('location')!).searchParams.get('code')!;
const callback = (provider: string, code: string, codeVerifier?: string) => {
  const query = new URLSearchParams({ code, provider, ...(codeVerifier ? { codeVerifier } : {}) });
  return server.call('POST', `/login/oauth2/callback?${query.toString()}`);
};

describe.each(['google', 'kakao'] as const)('%s sign-in with PKCE', (provider) => {
  it('exchanges a challenged code with its verifier only', async () => {
    const verifier = newVerifier();
    const challenged = { code_challenge: challengeOf(verifier), code_challenge_method: 'S256', state: 'xyz' };

    const ok = await authorize(provider, challenged);
    expect(ok.status).toBe(302);
    expect(new URL(ok.headers.get('location')!).searchParams.get('state')).toBe('xyz');
    expect((await callback(provider, codeFrom(ok), verifier)).status).toBe(201);

    for (const wrong of [undefined, newVerifier()]) {
      const res = await callback(provider, codeFrom(await authorize(provider, challenged)), wrong);
      expect([res.status, res.body.code]).toEqual([401, 'OAUTH_LOGIN_FAILED']);
    }
  });

  it('keeps the callback of the wire contract for clients that send no challenge and no verifier', async () => {
    expect((await callback(provider, codeFrom(await authorize(provider, {})))).status).toBe(201);
    // A verifier for a code that had no challenge is refused too.
    const res = await callback(provider, codeFrom(await authorize(provider, {})), newVerifier());
    expect(res.status).toBe(401);
  });
});

describe('malformed PKCE', () => {
  it('is refused by the demo provider and by the callback, never a 500', async () => {
    const verifier = newVerifier();
    const cases: Record<string, string>[] = [
      { code_challenge: challengeOf(verifier) },
      { code_challenge_method: 'S256' },
      { code_challenge: verifier, code_challenge_method: 'plain' },
      { code_challenge: 'short', code_challenge_method: 'S256' },
    ];
    for (const extra of cases) {
      const res = await authorize('google', extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(await res.text()).toContain('데모 로그인 오류');
    }
    for (const bad of ['short', 'x'.repeat(129), `${'a'.repeat(42)}!`]) {
      const res = await callback('google', 'some-code', bad);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
