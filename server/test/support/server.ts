import path from 'node:path';
import { SignJWT } from 'jose';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { Role } from '../../src/users/roles.js';
import { freePort } from '../../loadtest/child-server.js';
import { freshDatabase, type Engine, type FreshDatabase } from './engines.js';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

type Json = { status: string; message: string | null; data?: unknown; code?: string };
export type Session = {
  userId: number;
  accessToken: string;
  refreshToken: string;
  nickname: string;
  role: string;
  imgUrl: string | null;
};

export type TestServer = RunningServer & {
  engine: Engine;
  dataDir: string;
  /** The server's database (to open it again after the server closed, see storageOn). */
  database: FreshDatabase;
  /** fetch against the server with an optional bearer token; parses the JSON body. */
  call: (
    method: string,
    path: string,
    opts?: { token?: string; json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: Json; headers: Headers }>;
  /** Signs in through the demo provider exactly like a browser: authorize → redirect → callback. */
  signIn: (key: string, provider?: 'google' | 'kakao') => Promise<Session>;
  /** Signs in a new key and completes sign-up, returning a member session. */
  signUpMember: (key: string, nickname: string) => Promise<Session>;
  /** Sets a role straight in the database (sanctions, admins). */
  setRole: (userId: number, role: Role, suspendedUntil?: Date | null) => Promise<void>;
  /** Signs an access token with the test secret (forged, expired, …). */
  signToken: (sub: string, expiresAt: number) => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * Starts the real server (a real SQLite file in a temp DATA_DIR, or a fresh PostgreSQL database;
 * demo data seeded) on a free port and returns its URL plus helpers that talk to it over HTTP.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  engine: Engine = 'sqlite',
): Promise<TestServer> {
  const database = await freshDatabase(engine);
  const { dataDir } = database;
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...database.env,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    // Every test signs its users in from 127.0.0.1; the sign-in limit per address is tested on its own.
    RATE_LIMIT_SIGN_IN: '10000/1m',
    ...env,
  });
  const running = await startServer(config);
  const base = running.url;

  const call: TestServer['call'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body = opts.body;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(`${base}${p}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: Json;
    try {
      parsed = JSON.parse(text) as Json;
    } catch {
      parsed = { status: 'NOT_JSON', message: text };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  const signIn: TestServer['signIn'] = async (key, provider = 'google') => {
    const providers = (await call('GET', '/api/auth/providers')).body.data as Record<string, { authorizeUrl: string }>;
    const authorize = new URL(providers[provider]!.authorizeUrl);
    authorize.searchParams.set('login_hint', key);
    authorize.searchParams.set('state', 'test-state');
    const redirect = await fetch(authorize, { redirect: 'manual' });
    if (redirect.status !== 302) throw new Error(`authorize answered ${redirect.status}`);
    const callback = new URL(redirect.headers.get('location')!);
    if (callback.searchParams.get('state') !== 'test-state') throw new Error('state was not echoed');
    const code = callback.searchParams.get('code')!;
    const provided = callback.pathname.split('/').pop()!;
    const res = await call('POST', `/login/oauth2/callback?code=${encodeURIComponent(code)}&provider=${provided}`);
    if (res.status !== 201) throw new Error(`callback answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data as Session;
  };

  const signUpMember: TestServer['signUpMember'] = async (key, nickname) => {
    const guest = await signIn(key);
    const res = await call('POST', '/api/auth/signup', {
      token: guest.accessToken,
      json: { nickname, introduction: '안녕하세요' },
    });
    if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { ...guest, nickname, role: 'ROLE_MEMBER' };
  };

  const setRole: TestServer['setRole'] = (userId, role, suspendedUntil = null) =>
    running.deps.storage.users.setRole(userId, role, suspendedUntil);

  const signToken: TestServer['signToken'] = (sub, expiresAt) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt(Math.min(expiresAt, Math.floor(Date.now() / 1000)) - 10)
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));

  const stop = async () => {
    await running.close();
    await database.drop();
  };

  return { ...running, engine, dataDir, database, call, signIn, signUpMember, setRole, signToken, stop };
}
