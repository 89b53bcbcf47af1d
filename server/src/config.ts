import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { StartupError } from './startup-error.js';

/** The repository root, resolved from this file so the cwd never matters. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  NODE_ID: z.string().optional(),
  CLUSTER_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
  CLUSTER_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'web', 'dist')),
  PUBLIC_URL: z.url().optional(),
  WEB_ORIGIN: z.url().optional(),
  DEMO_OAUTH: flag.optional(),
  SEED_DEMO: flag.default(true),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_MIN: z.coerce
    .number()
    .int()
    .min(30)
    .max(24 * 60)
    .default(60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZE_URL: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().optional(),
  GOOGLE_USERINFO_URL: z.url().optional(),
  KAKAO_CLIENT_ID: z.string().min(1).optional(),
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  KAKAO_AUTHORIZE_URL: z.url().optional(),
  KAKAO_TOKEN_URL: z.url().optional(),
  KAKAO_USERINFO_URL: z.url().optional(),
  DEBATE_TIME_SCALE: z.coerce.number().positive().max(100).optional(),
  DEBATE_RECONNECT_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(20),
  TRUST_PROXY: flag.default(false),
  RATE_LIMIT_CHAT: z.string().default('5/3s'),
  RATE_LIMIT_STANCE: z.string().default('10/1m'),
  RATE_LIMIT_REPORT: z.string().default('5/10m'),
  RATE_LIMIT_NICKNAME: z.string().default('30/1m'),
  RATE_LIMIT_SIGN_IN: z.string().default('20/1m'),
  RATE_LIMIT_ROOM_CREATION: z.string().default('5/1m'),
  RATE_LIMIT_FOLLOW: z.string().default('30/1m'),
  RATE_LIMIT_UPLOAD: z.string().default('10/10m'),
  RATE_LIMIT_PRESENCE: z.string().default('12/1m'),
  RATE_LIMIT_PREVIEW: z.string().default('30/1m'),
  LIVE_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  LIVE_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  LIVE_OUTBOUND_BUDGET_MB: z.coerce.number().positive().max(1_000_000).default(256),
  LIVE_PING_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  LIVE_REPLAYS_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  LIVE_OBSERVER_LEAVE_SECONDS: z.coerce.number().min(0).max(600).default(15),
  PUSH_SUBSCRIPTIONS_PER_USER: z.coerce.number().int().min(1).max(50).default(5),
  PUSH_TEST_ALLOW_HOSTS: z.string().optional(),
  PUSH_TEST_CA_FILE: z.string().min(1).optional(),
});

/** At most `limit` actions per `windowMs` (refilled evenly over the window), per key. */
export type RateRule = { limit: number; windowMs: number };

const unitMs = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Parses a rate rule such as `5/3s`, `20/1m` or `100/1h` (count / window). */
function parseRateRule(text: string): RateRule | undefined {
  const m = /^\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*([smh])\s*$/.exec(text);
  if (!m) return undefined;
  const limit = Number(m[1]);
  const windowMs = Number(m[2]) * unitMs[m[3] as keyof typeof unitMs];
  return limit >= 1 && windowMs >= 1000 ? { limit, windowMs } : undefined;
}

/**
 * The abuse limits: chat, presence (taking or leaving a seat, observing or not) and stance changes
 * per user per room; reports, nickname checks, room creation, follows and picture uploads per user;
 * sign-in and link-preview pictures rendered per IP.
 */
type RateLimits = Record<
  'chat' | 'presence' | 'stance' | 'report' | 'nickname' | 'signIn' | 'roomCreation' | 'follow' | 'upload' | 'preview',
  RateRule
>;
const rateEnv = {
  chat: 'RATE_LIMIT_CHAT',
  presence: 'RATE_LIMIT_PRESENCE',
  stance: 'RATE_LIMIT_STANCE',
  report: 'RATE_LIMIT_REPORT',
  nickname: 'RATE_LIMIT_NICKNAME',
  signIn: 'RATE_LIMIT_SIGN_IN',
  roomCreation: 'RATE_LIMIT_ROOM_CREATION',
  follow: 'RATE_LIMIT_FOLLOW',
  upload: 'RATE_LIMIT_UPLOAD',
  preview: 'RATE_LIMIT_PREVIEW',
} as const;

export type Provider = 'google' | 'kakao';
export const providers: readonly Provider[] = ['google', 'kakao'];

export type ProviderConfig = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string[];
};

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the SQLite file in dataDir (validated: postgres:// or postgresql://). */
  databaseUrl: string | undefined;
  /** Redis shared by several nodes (validated: redis:// or rediss://; only together with databaseUrl). */
  redisUrl: string | undefined;
  /** This process's name among the nodes (NODE_ID, else the host name and a random suffix): logs and Redis keys. */
  nodeId: string;
  /** With REDIS_URL: how long a silent node keeps its rooms, and how often each node says it is alive (ms). */
  cluster: { leaseMs: number; heartbeatMs: number };
  webDist: string;
  publicUrl: string;
  webOrigin: string;
  demoOAuth: boolean;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  logLevel: string;
  oauth: Record<Provider, ProviderConfig>;
  /** Factor for every debate duration (tests and demos); always 1 in production. */
  debateTimeScale: number;
  /** How long a debater whose socket dropped keeps the seat, in seconds (scaled too). */
  debateGraceSeconds: number;
  /** Take the client's address from the last X-Forwarded-For hop (only behind a reverse proxy you run). */
  trustProxy: boolean;
  rateLimits: RateLimits;
  live: LiveLimits;
  push: PushConfig;
};

/** Bounds on what live connections may hold (debate and notification sockets together). */
type LiveLimits = {
  /** Open STOMP connections per user. */
  connectionsPerUser: number;
  /** Open WebSocket connections per client address. */
  connectionsPerAddress: number;
  /** Bytes all connections together may have waiting to be sent; the slowest readers are closed first beyond it. */
  outboundBudgetBytes: number;
  /** WebSocket ping interval for clients without STOMP heart-beats (ms, 0 = off). */
  pingMs: number;
  /** Room-log replays one user may have running at once. */
  replaysPerUser: number;
  /** How long an observer who left still counts; coming back within it records nothing (ms, 0 = at once). */
  observerLeaveDelayMs: number;
};

/** Web Push delivery limits, and the test-only way to reach a push service on this machine. */
export type PushConfig = {
  /** Browsers kept per user; saving one more forgets the oldest. */
  subscriptionsPerUser: number;
  /** `host:port` origins exempt from the public-address rule (never in production; tests only). */
  testAllowHosts: readonly string[];
  /** A PEM certificate push requests trust besides the system roots (the test push service's; never in production). */
  testCaFile: string | undefined;
};

/** `127.0.0.1:4430, [::1]:4431` → normalised `host:port` entries (the form a URL gives). */
function parseHostList(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((entry) => {
    const trimmed = entry.trim();
    let url: URL;
    try {
      url = new URL(`https://${trimmed}`);
    } catch {
      throw new Error(`Invalid environment: PUSH_TEST_ALLOW_HOSTS: ${trimmed} is not host:port`);
    }
    if (!url.port || url.pathname !== '/' || `${url.hostname}:${url.port}` !== trimmed.toLowerCase()) {
      throw new Error(`Invalid environment: PUSH_TEST_ALLOW_HOSTS: ${trimmed} is not host:port`);
    }
    return `${url.hostname}:${url.port}`;
  });
}

const realEndpoints: Record<Provider, Omit<ProviderConfig, 'clientId' | 'clientSecret'>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['https://www.googleapis.com/auth/userinfo.profile'],
  },
  kakao: {
    authorizeUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    userinfoUrl: 'https://kapi.kakao.com/v2/user/me',
    scopes: ['profile_nickname', 'profile_image'],
  },
};

/** Parses the environment with `schema`, or throws listing every problem (`what` names the settings). */
export function parseEnv<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv, what: string): z.output<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new StartupError(`Invalid ${what}: ${problems}`);
}

/** A service's address setting: its variable, the schemes it takes, what it is (with its particle), the form to use. */
interface AddressSetting {
  readonly name: string;
  readonly schemes: readonly string[];
  readonly service: string;
  readonly form: string;
  readonly hasHost: (url: URL) => boolean;
}

/** An address setting checked for shape only (reaching the service is done at start); empty = unset. */
function checkedAddress(text: string | undefined, setting: AddressSetting): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const problem = (what: string) => new StartupError(`${setting.name}${what}. ${setting.form}`);
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw problem('이 올바른 주소가 아닙니다');
  }
  if (!setting.schemes.includes(url.protocol)) throw problem(`의 스킴 ${url.protocol}은 ${setting.service} 아닙니다`);
  if (!setting.hasHost(url)) throw problem('에 호스트가 없습니다');
  return text.trim();
}

const databaseAddress: AddressSetting = {
  name: 'DATABASE_URL',
  schemes: ['postgres:', 'postgresql:'],
  service: 'PostgreSQL이',
  form: 'postgres://사용자:비밀번호@호스트:5432/데이터베이스 형식으로 지정하세요 (SQLite를 쓰려면 비워 두세요).',
  hasHost: (url) => url.hostname !== '' || !!url.searchParams.get('host'),
};

const redisAddress: AddressSetting = {
  name: 'REDIS_URL',
  schemes: ['redis:', 'rediss:'],
  service: 'Redis가',
  form: 'redis://[:비밀번호@]호스트:6379 형식으로 지정하세요 (단일 서버는 비워 두세요).',
  hasHost: (url) => url.hostname !== '',
};

/** REDIS_URL checked for shape, and for DATABASE_URL beside it. */
function redisUrl(text: string | undefined, database: string | undefined): string | undefined {
  const address = checkedAddress(text, redisAddress);
  if (address === undefined) return undefined;
  // Redis holds only what may be lost: the rooms and everything else several nodes share live in PostgreSQL.
  if (database === undefined)
    throw new StartupError(
      'REDIS_URL은 DATABASE_URL과 함께만 쓸 수 있습니다: 여러 서버가 함께 쓰는 데이터는 PostgreSQL에 있어야 합니다. ' +
        'DATABASE_URL을 지정하거나 REDIS_URL을 비워 두세요.',
    );
  return address;
}

/** The lease must outlast two heartbeats, so one late beat never costs a live node its rooms. */
function clusterTiming(leaseMs: number, heartbeatMs: number): Config['cluster'] {
  if (leaseMs < 2 * heartbeatMs)
    throw new StartupError(
      `CLUSTER_LEASE_MS(${leaseMs})는 CLUSTER_HEARTBEAT_MS(${heartbeatMs})의 두 배 이상이어야 합니다.`,
    );
  return { leaseMs, heartbeatMs };
}

/** NODE_ID as given (letters, digits, `.`, `_`, `-`), else this host's name and a random suffix. */
function nodeId(text: string | undefined): string {
  if (text === undefined || text.trim() === '') {
    const host = hostname()
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .slice(0, 40);
    return `${host}-${randomBytes(3).toString('hex')}`;
  }
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(text.trim()))
    throw new StartupError('NODE_ID에는 영문자, 숫자, ., _, - 만 64자까지 쓸 수 있습니다.');
  return text.trim();
}

/**
 * Reads the environment once. Throws (with every problem listed) when it is invalid,
 * and refuses the demo identity provider in production.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(envSchema, env, 'environment');
  const production = e.NODE_ENV === 'production';
  const demoOAuth = e.DEMO_OAUTH ?? !production;
  if (demoOAuth && production) throw new StartupError('DEMO_OAUTH cannot be enabled when NODE_ENV=production');
  if (production && e.DEBATE_TIME_SCALE !== undefined && e.DEBATE_TIME_SCALE !== 1) {
    throw new StartupError('DEBATE_TIME_SCALE cannot be set when NODE_ENV=production');
  }
  const rateLimits = {} as RateLimits;
  for (const [name, key] of Object.entries(rateEnv) as [keyof RateLimits, (typeof rateEnv)[keyof RateLimits]][]) {
    const rule = parseRateRule(e[key]);
    if (!rule)
      throw new StartupError(`Invalid environment: ${key}: expected <count>/<window> such as 5/3s, 20/1m or 100/1h`);
    rateLimits[name] = rule;
  }
  if (production && (e.PUSH_TEST_ALLOW_HOSTS || e.PUSH_TEST_CA_FILE)) {
    throw new Error('PUSH_TEST_ALLOW_HOSTS and PUSH_TEST_CA_FILE cannot be set when NODE_ENV=production');
  }
  const database = checkedAddress(e.DATABASE_URL, databaseAddress);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const webOrigin = (e.WEB_ORIGIN ?? publicUrl).replace(/\/+$/, '');

  const provider = (p: Provider, prefix: 'GOOGLE' | 'KAKAO'): ProviderConfig => {
    const demoBase = `${publicUrl}/demo-oauth/${p}`;
    const real = realEndpoints[p];
    const id = e[`${prefix}_CLIENT_ID`];
    const secret = e[`${prefix}_CLIENT_SECRET`];
    if (!demoOAuth && (!id || !secret)) {
      throw new StartupError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are required when DEMO_OAUTH is off`);
    }
    return {
      clientId: id ?? `toron-demo-${p}`,
      clientSecret: secret ?? `toron-demo-${p}-secret`,
      authorizeUrl: e[`${prefix}_AUTHORIZE_URL`] ?? (demoOAuth ? `${demoBase}/authorize` : real.authorizeUrl),
      tokenUrl: e[`${prefix}_TOKEN_URL`] ?? (demoOAuth ? `${demoBase}/token` : real.tokenUrl),
      userinfoUrl: e[`${prefix}_USERINFO_URL`] ?? (demoOAuth ? `${demoBase}/userinfo` : real.userinfoUrl),
      scopes: real.scopes,
    };
  };

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: database,
    redisUrl: redisUrl(e.REDIS_URL, database),
    nodeId: nodeId(e.NODE_ID),
    cluster: clusterTiming(e.CLUSTER_LEASE_MS, e.CLUSTER_HEARTBEAT_MS),
    webDist: path.resolve(e.WEB_DIST),
    publicUrl,
    webOrigin,
    demoOAuth,
    seedDemo: e.SEED_DEMO,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSec: e.ACCESS_TOKEN_TTL_MIN * 60,
    refreshTokenTtlSec: e.REFRESH_TOKEN_TTL_DAYS * 24 * 3600,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    logLevel: e.LOG_LEVEL,
    oauth: { google: provider('google', 'GOOGLE'), kakao: provider('kakao', 'KAKAO') },
    debateTimeScale: e.DEBATE_TIME_SCALE ?? 1,
    debateGraceSeconds: e.DEBATE_RECONNECT_GRACE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    rateLimits,
    live: {
      connectionsPerUser: e.LIVE_CONNECTIONS_PER_USER,
      connectionsPerAddress: e.LIVE_CONNECTIONS_PER_ADDRESS,
      outboundBudgetBytes: Math.round(e.LIVE_OUTBOUND_BUDGET_MB * 1024 * 1024),
      pingMs: Math.round(e.LIVE_PING_SECONDS * 1000),
      replaysPerUser: e.LIVE_REPLAYS_PER_USER,
      observerLeaveDelayMs: Math.round(e.LIVE_OBSERVER_LEAVE_SECONDS * 1000),
    },
    push: {
      subscriptionsPerUser: e.PUSH_SUBSCRIPTIONS_PER_USER,
      testAllowHosts: parseHostList(e.PUSH_TEST_ALLOW_HOSTS),
      testCaFile: e.PUSH_TEST_CA_FILE,
    },
  };
}
