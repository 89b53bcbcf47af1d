import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'toron-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>토론</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server.stop();
  rmSync(webDist, { recursive: true, force: true });
});

describe('platform', () => {
  it('GET /healthz answers in the envelope', async () => {
    const res = await server.call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: '성공', message: null, data: { status: 'ok' } });
  });

  it('unknown API route → 404 envelope; wrong method → 405 envelope', async () => {
    const res = await server.call('GET', '/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: '오류', message: expect.any(String), code: 'NOT_FOUND' });
    const wrong = await server.call('DELETE', '/api/auth/signup');
    expect(wrong.status).toBe(405);
    expect(wrong.body.code).toBe('METHOD_NOT_ALLOWED');
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('malformed JSON → 400, wrong content type → 415, oversized JSON → 413, never 500', async () => {
    const s = await server.signIn('minji');
    const bad = await server.call('POST', '/api/auth/nickname-confirm', {
      token: s.accessToken,
      body: '{"nickname": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: '오류', code: 'MALFORMED_JSON' });
    const noType = await server.call('POST', '/api/auth/reissue', { body: 'refreshToken=x' });
    expect(noType.status).toBe(415);
    expect(noType.body).toMatchObject({ status: '오류', code: 'UNSUPPORTED_MEDIA_TYPE' });
    const big = await server.call('POST', '/api/auth/reissue', { json: { refreshToken: 'x'.repeat(2 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('CORS: preflight allowed from any origin without credentials', async () => {
    const res = await fetch(`${server.url}/api/users/userInfo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://elsewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('serves an OpenAPI 3.1 document and a reference page', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/login/oauth2/callback',
      '/api/auth/reissue',
      '/api/auth/signup',
      '/api/auth/nickname-confirm',
      '/api/users/userInfo',
      '/api/users/{id}',
      '/api/users/mypage/{id}',
      '/api/users/mypage/{targetId}/{myId}/insertfollowers',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('/api/openapi.json');
    // The viewer works offline: its script comes from us, never from a CDN.
    expect(html).toContain('/api/docs/scalar.js');
    expect(html).not.toMatch(/https?:\/\/cdn\./);
    const script = await fetch(`${server.url}/api/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it('serves the web app with an SPA fallback, but not for server paths', async () => {
    const deep = await fetch(`${server.url}/user-page/3`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const callback = await fetch(`${server.url}/login/oauth2/callback/google?code=abc`);
    expect(await callback.text()).toContain('<div id="root">');
    const asset = await fetch(`${server.url}/assets/app-123.js`);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${server.url}/api/unknown`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('without a built web app, a Korean page says so', async () => {
    const bare = await startTestServer();
    try {
      const res = await fetch(`${bare.url}/main`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('웹 앱이 아직 빌드되지 않았습니다');
    } finally {
      await bare.stop();
    }
  });

  it('uploads: only generated names are served', async () => {
    expect((await fetch(`${server.url}/uploads/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/${'a'.repeat(32)}.png`)).status).toBe(404);
  });
});
