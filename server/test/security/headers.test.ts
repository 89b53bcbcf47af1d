import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../../src/config.js';
import { appCsp } from '../../src/http/security-headers.js';
import { startTestServer, type TestServer } from '../support/server.js';

// Security headers on every class of response: the web app (shell, deep links, hashed assets,
// service worker), API JSON (success, 4xx, 405, 429), the API reference, uploads and avatars,
// the framed news article pages and their images, the demo identity provider, redirects.
const webDist = path.join(repoRoot, 'web', 'dist');
const built = existsSync(path.join(webDist, 'index.html'));
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ...(built ? { WEB_DIST: webDist } : {}), RATE_LIMIT_NICKNAME: '1/1m' });
});
afterAll(() => server.stop());

const get = (p: string, init: RequestInit = {}) => fetch(`${server.url}${p}`, { redirect: 'manual', ...init });
const directives = (csp: string | null): Map<string, string> =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)] as const),
  );

/** The headers every response carries, whatever route answered. */
function expectBaseline(res: Response, label: string) {
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), label).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(res.headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(res.headers.get('permissions-policy'), label).toBe(
    'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  );
  expect(res.headers.get('content-security-policy'), label).toBeTruthy();
  expect(res.headers.get('strict-transport-security'), label).toBeNull(); // PUBLIC_URL is http here
}

/** The app's policy and framing refusal. */
function expectAppPolicy(res: Response, label: string) {
  expectBaseline(res, label);
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('default-src'), label).toBe("'self'");
  expect(csp.get('script-src'), label).toBe("'self'");
  expect(csp.get('style-src'), label).toBe("'self'");
  expect(csp.get('object-src'), label).toBe("'none'");
  expect(csp.get('base-uri'), label).toBe("'self'");
  expect(csp.get('frame-src'), label).toBe("'self'");
  expect(csp.get('frame-ancestors'), label).toBe("'none'");
  expect(csp.get('img-src'), label).toBe("'self' data: blob: https:");
  expect(csp.get('connect-src'), label).toMatch(/^'self' ws:\/\/localhost:\d+$/);
  expect(csp.get('form-action'), label).toMatch(/^'self'/);
  expect(res.headers.get('x-frame-options'), label).toBe('DENY');
}

describe('security headers', () => {
  it.skipIf(!built)('the web app: shell, deep links, hashed assets, icons and the service worker', async () => {
    const shell = await get('/');
    expect(shell.status).toBe(200);
    expectAppPolicy(shell, '/');
    const html = await shell.text();
    // script-src 'self' without 'unsafe-inline' only works if the build has no inline script or style.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const p of [
      '/main',
      '/debate-rooms',
      '/user-page/1',
      '/admin',
      ...assets,
      '/favicon.svg',
      '/sw.js',
      '/default-avatar.svg',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expectAppPolicy(res, p);
    }
  });

  it('API answers in JSON: success, refusals, unknown paths, wrong methods, rate limits', async () => {
    const member = await server.signUpMember('headers-member', '헤더점검');
    const cases: [string, RequestInit, number][] = [
      ['/healthz', {}, 200],
      ['/api/auth/providers', {}, 200],
      ['/api/openapi.json', {}, 200],
      ['/api/asyncapi.json', {}, 200],
      ['/api/news', {}, 401],
      ['/api/users/1', { headers: { Authorization: `Bearer ${member.accessToken}` } }, 200],
      ['/api/users/not-a-number', { headers: { Authorization: `Bearer ${member.accessToken}` } }, 400],
      ['/api/no-such-route', {}, 404],
      ['/api/auth/providers', { method: 'DELETE' }, 405],
      ['/api/auth/reissue', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }, 400],
    ];
    for (const [p, init, status] of cases) {
      const res = await get(p, init);
      expect(res.status, p).toBe(status);
      expectAppPolicy(res, `${init.method ?? 'GET'} ${p}`);
    }
    const nickname = (n: string) =>
      get('/api/auth/nickname-confirm', {
        method: 'POST',
        headers: { Authorization: `Bearer ${member.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ nickname: n }),
      });
    expect((await nickname('아무개')).status).toBe(201);
    const limited = await nickname('아무개2');
    expect(limited.status).toBe(429);
    expectAppPolicy(limited, '429');
    expect(limited.headers.get('retry-after')).toBe('60');
    // CORS for other origins still works beside the policy.
    const cors = await get('/api/auth/providers', { headers: { Origin: 'https://other.example' } });
    expect(cors.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('every documented route answers with the headers, whatever the status', async () => {
    const doc = (await (await get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    let seen = 0;
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const res = await get(p.replace(/\{[^}]+\}/g, '1'), { method: method.toUpperCase() });
        expect(res.status, `${method} ${p}`).toBeLessThan(500);
        expectAppPolicy(res, `${method} ${p}`);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(30);
  });

  it('/api/docs: the viewer script and its bootstrap under a fresh nonce, styles inline, no framing', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/docs');
      expect(res.status).toBe(200);
      expectBaseline(res, '/api/docs');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const csp = directives(res.headers.get('content-security-policy'));
      const nonce = /'nonce-([^']+)'/.exec(csp.get('script-src') ?? '')?.[1];
      expect(nonce).toBeTruthy();
      expect(csp.get('script-src')).toBe(`'self' 'nonce-${nonce}'`);
      expect(csp.get('default-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      const html = await res.text();
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length).toBe(2);
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain('cdn.jsdelivr');
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
    expectBaseline(await get('/api/docs/scalar.js'), 'scalar.js');
  });

  it('uploads and avatars: inert, sandboxed, never framed', async () => {
    const me = await server.signUpMember('headers-upload', '업로더');
    const form = new FormData();
    form.append('file', new Blob([png]), 'me.png');
    const put = await server.call('PUT', `/api/users/mypage/${me.userId}`, { token: me.accessToken, body: form });
    expect(put.status).toBe(200);
    const url = new URL((put.body.data as { profileUrl: string }).profileUrl);
    for (const p of [url.pathname, '/avatars/minji.svg']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expectBaseline(res, p);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), p).toBe("'none'");
      expect(csp.has('sandbox'), p).toBe(true);
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
    }
    const missing = await get('/uploads/00000000000000000000000000000000.png');
    expect(missing.status).toBe(404);
    expectAppPolicy(missing, 'missing upload');
  });

  it('news article pages may be framed by our own origins only; their images are inert', async () => {
    const article = await get('/news-articles/1');
    expect(article.status).toBe(200);
    expectBaseline(article, 'article');
    const csp = directives(article.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toMatch(/^'self'( http:\/\/localhost:\d+)+$/);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.has('script-src')).toBe(false); // falls back to 'none'
    expect(article.headers.get('x-frame-options')).toBeNull(); // it cannot name two origins; frame-ancestors does
    expect(article.headers.get('referrer-policy')).toBe('no-referrer');
    const image = /\/news-images\/[^"']+\.svg/.exec(await article.text())?.[0];
    expect(image).toBeTruthy();
    const img = await get(image!);
    expectBaseline(img, 'news image');
    expect(img.headers.get('content-security-policy')).toContain('sandbox');
    expect(img.headers.get('x-frame-options')).toBe('DENY');
  });

  it('demo sign-in page: one style block by hash, no inline script, no framing; redirects too', async () => {
    const providers = (await (await get('/api/auth/providers')).json()) as {
      data: { google: { authorizeUrl: string } };
    };
    const authorize = new URL(providers.data.google.authorizeUrl);
    const page = await get(`${authorize.pathname}${authorize.search}`);
    expect(page.status).toBe(200);
    expectBaseline(page, 'demo page');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    const html = await page.text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(csp.get('style-src')).toBe(`'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`);
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);

    authorize.searchParams.set('login_hint', 'minji');
    const redirect = await get(`${authorize.pathname}${authorize.search}`);
    expect(redirect.status).toBe(302);
    expectAppPolicy(redirect, 'redirect');
  });

  it('HSTS only over https; form-action names the real providers when the demo provider is off', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://toron.example' });
    try {
      const res = await fetch(`${https.url}/healthz`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000');
      expect(directives(res.headers.get('content-security-policy')).get('connect-src')).toBe(
        "'self' wss://toron.example",
      );
    } finally {
      await https.stop();
    }
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://toron.example',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      KAKAO_CLIENT_ID: 'k',
      KAKAO_CLIENT_SECRET: 's',
    });
    expect(directives(appCsp(production)).get('form-action')).toBe(
      "'self' https://accounts.google.com https://kauth.kakao.com",
    );
  });
});
