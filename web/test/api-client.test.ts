// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, SSRF_MESSAGE } from '../src/lib/api-client';

// A tiny real server answering in the JSON envelope; it echoes what it received.
let server: http.Server;
let origin = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (url.pathname === '/echo')
        return send(200, {
          status: '성공',
          message: null,
          data: { auth: req.headers.authorization ?? null, method: req.method, body, query: url.search },
        });
      if (url.pathname === '/created')
        return send(201, { status: '성공', message: null, data: { accessToken: 'a2', refreshToken: 'r2' } });
      if (url.pathname === '/unauthorized')
        return send(401, { status: '오류', message: '로그인이 필요합니다.', code: 'UNAUTHORIZED' });
      if (url.pathname === '/refused')
        return send(400, { status: '오류', message: '닉네임은 10자 이하여야 합니다.', code: 'VALIDATION' });
      if (url.pathname === '/empty') return void res.writeHead(204).end();
      send(200, { status: '성공', message: null, data: { unexpected: true } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(token: string | null = 'tok') {
  const state = { logouts: 0, refusals: [] as ApiError[] };
  const request = createApiClient({
    origin: () => origin,
    getAccessToken: () => token,
    onUnauthorized: (refusal) => {
      state.logouts++;
      state.refusals.push(refusal);
    },
  });
  return { request, state };
}

const echo = z.object({ auth: z.string().nullable(), method: z.string(), body: z.string(), query: z.string() });

describe('API client', () => {
  it('sends the bearer token and JSON, and parses the envelope data', async () => {
    const { request } = client();
    const data = await request('/echo', {
      method: 'POST',
      json: { nickname: '김토론' },
      query: { q: '기후', cursor: null },
      schema: echo,
    });
    expect(data).toEqual({
      auth: 'Bearer tok',
      method: 'POST',
      body: '{"nickname":"김토론"}',
      query: '?q=%EA%B8%B0%ED%9B%84',
    });
  });

  it('leaves the token out when asked (the sign-in callback)', async () => {
    const { request } = client();
    expect((await request('/echo', { auth: false, schema: echo })).auth).toBeNull();
  });

  it('logs out on a 401 and rejects with the server message', async () => {
    const { request, state } = client();
    await expect(request('/unauthorized')).rejects.toMatchObject({
      status: 401,
      message: '로그인이 필요합니다.',
      code: 'UNAUTHORIZED',
    });
    expect(state.logouts).toBe(1);
    expect(state.refusals.map((r) => [r.status, r.code, r.message])).toEqual([
      [401, 'UNAUTHORIZED', '로그인이 필요합니다.'],
    ]);
  });

  it('does not log out on a 401 for the calls that opt out', async () => {
    const { request, state } = client();
    await expect(request('/unauthorized', { logoutOn401: false })).rejects.toBeInstanceOf(ApiError);
    expect(state.logouts).toBe(0);
  });

  it('keeps other refusals as values with the Korean message and no logout', async () => {
    const { request, state } = client();
    await expect(request('/refused')).rejects.toMatchObject({ status: 400, message: '닉네임은 10자 이하여야 합니다.' });
    expect(state.logouts).toBe(0);
  });

  it('demands the exact status where the contract says 201', async () => {
    const { request } = client();
    const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
    await expect(request('/created', { method: 'POST', expectStatus: 201, schema: tokens })).resolves.toEqual({
      accessToken: 'a2',
      refreshToken: 'r2',
    });
    await expect(request('/echo', { method: 'POST', expectStatus: 201 })).rejects.toMatchObject({ status: 200 });
  });

  it('rejects an answer that does not match our type', async () => {
    const { request } = client();
    await expect(request('/other', { schema: echo })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('accepts an empty answer when no data is expected', async () => {
    const { request } = client();
    await expect(request('/empty', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('refuses any URL outside the API origin before sending', async () => {
    const { request } = client();
    await expect(request('https://evil.example/api/users')).rejects.toThrow(SSRF_MESSAGE);
    await expect(request('//evil.example/x')).rejects.toThrow(SSRF_MESSAGE);
  });
});
