import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { seededRandom } from '@toron/fixtures';
import { signAccessToken } from '../src/auth/access-token.js';
import { loadConfig } from '../src/config.js';
import type { SqliteStorage } from '../src/db/sqlite-storage.js';
import { NEWS_PAGE_SIZE } from '../src/news/codes.js';
import type { NewsListFilter } from '../src/news/list-store.js';
import type { NewNewsRow } from '../src/news/tables.js';
import { startServer } from '../src/server.js';
import { adminQuery, createDatabase, startPgCluster } from '../test/support/pg-cluster.js';
import { corpus, ROWS } from './news-corpus.js';

/**
 * Rounds run before measuring (both engines, every scenario and mode alike), then measured rounds
 * (BENCH_ROUNDS shortens a run for a quick comparison; its p99 then rests on fewer samples).
 */
const WARMUP_ROUNDS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_500);
const TARGET_P99_MS = 10;
/** PostgreSQL's p99 over HTTP may be at most this many times SQLite's. */
const TARGET_RATIO = 1.5;

type Scenario = { name: string; filter: NewsListFilter };

const SCENARIOS: Scenario[] = [
  { name: 'LATEST', filter: { sort: 'LATEST' } },
  { name: 'POPULAR', filter: { sort: 'POPULAR' } },
  { name: 'LATEST continent=EU', filter: { sort: 'LATEST', continent: 'EU' } },
  { name: 'POPULAR continent=AS', filter: { sort: 'POPULAR', continent: 'AS' } },
  { name: 'LATEST q=양자컴퓨터 (rare, 3+ chars)', filter: { sort: 'LATEST', q: '양자컴퓨터' } },
  { name: 'LATEST q=반도체 (frequent, 3+ chars)', filter: { sort: 'LATEST', q: '반도체' } },
  { name: 'POPULAR q=기후변화 (frequent, 3+ chars)', filter: { sort: 'POPULAR', q: '기후변화' } },
  { name: 'LATEST q=없는말 (3+ chars, no match)', filter: { sort: 'LATEST', q: '없는말' } },
  { name: 'LATEST q=Quantum (Latin, no match)', filter: { sort: 'LATEST', q: 'Quantum' } },
  { name: 'LATEST q=선거 (frequent, 2 chars)', filter: { sort: 'LATEST', q: '선거' } },
  { name: 'POPULAR q=선 (frequent, 1 char)', filter: { sort: 'POPULAR', q: '선' } },
  { name: 'LATEST q=퓨터 (rare, 2 chars)', filter: { sort: 'LATEST', q: '퓨터' } },
  { name: 'LATEST continent=EU q=양 (rare, 1 char)', filter: { sort: 'LATEST', continent: 'EU', q: '양' } },
  { name: 'LATEST q=없는 (2 chars, no match)', filter: { sort: 'LATEST', q: '없는' } },
  { name: 'POPULAR q=없 (1 char, no match)', filter: { sort: 'POPULAR', q: '없' } },
  { name: 'LATEST q=ai (Latin, 2 chars, no match)', filter: { sort: 'LATEST', q: 'ai' } },
];

/** How one request is made: the list store alone (the SQL baseline), the app in process, or over HTTP. */
const MODES = ['store', 'inProcess', 'http'] as const;
type Mode = (typeof MODES)[number];
const ENGINES = ['sqlite', 'postgres'] as const;
type EngineName = (typeof ENGINES)[number];

/** Progress on stderr (the figures alone go to stdout, as JSON at the end). */
const progress = (line: string) => process.stderr.write(`news bench: ${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const round3 = (ms: number) => Math.round(ms * 1000) / 1000;

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => round3(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { p50: at(50), p95: at(95), p99: at(99), max: round3(sorted.at(-1)!) };
}

/**
 * One engine, ready to measure: a server on a fresh database (SQLite file, or the PostgreSQL
 * database at `databaseUrl`) with the corpus loaded and analysed, a member's token, and one
 * request per mode.
 */
async function startEngine(rows: readonly NewNewsRow[], databaseUrl?: string) {
  const engine: EngineName = databaseUrl ? 'postgres' : 'sqlite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-bench-news-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const server = await startServer(config);
  const close = async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { storage } = server.deps;
    progress(`${engine}: storing ${ROWS.toLocaleString('en')} articles…`);
    const loadStarted = performance.now();
    await storage.news.insertMany(rows);
    progress(`${engine}: stored in ${seconds(performance.now() - loadStarted)}; analysing…`);
    // Fresh statistics, and the bulk load written out (a checkpoint), as a running database would
    // have them: otherwise the checkpoint after 100,000 inserts lands in the middle of the figures.
    if (databaseUrl) {
      await adminQuery(databaseUrl, 'VACUUM ANALYZE news');
      await adminQuery(databaseUrl, 'CHECKPOINT');
    } else {
      const { sqlite } = (storage as SqliteStorage).database;
      sqlite.exec('ANALYZE');
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    }
    const loadMs = Math.round(performance.now() - loadStarted);
    progress(`${engine}: ready after ${seconds(loadMs)}`);
    if ((await storage.news.count()) !== ROWS || !(await storage.news.findById(ROWS))) {
      throw new Error('the corpus did not load as ids 1..ROWS');
    }
    const user = await storage.users.insert({
      provider: 'google',
      subject: 'bench',
      nickname: '벤치',
      role: 'ROLE_MEMBER',
    });
    const token = await signAccessToken(
      server.deps.sessions.secret,
      { userId: user.id, version: user.tokenVersion },
      3600,
    );
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const lists = storage.newsLists;
    const checked = (name: string, status: number | undefined) => {
      if (status !== 200) throw new Error(`${engine} ${name}: ${status}`);
    };
    const request: Record<Mode, (scenario: Scenario, cursor: number | undefined) => Promise<unknown>> = {
      store: async ({ filter }, id) =>
        lists.page(filter, id === undefined ? undefined : await lists.resolveCursor(id), NEWS_PAGE_SIZE + 1),
      inProcess: async ({ name, filter }, cursor) => {
        const res = await server.app.request(listPath(filter, cursor), { headers });
        checked(name, res.status);
        return res.text();
      },
      http: async ({ name, filter }, cursor) => {
        const res = await httpGet(`${server.url}${listPath(filter, cursor)}`, headers);
        checked(name, res.status);
        return res.body;
      },
    };
    return { engine, loadMs, request, close };
  } catch (err) {
    await close();
    throw err;
  }
}

// The client shares this process with both servers: node:http on one kept-alive connection per
// server costs a fraction of fetch's CPU and garbage, which would otherwise land in the figures.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function httpGet(url: string, headers: Record<string, string>): Promise<{ status?: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

function listPath(filter: NewsListFilter, cursor: number | undefined): string {
  const qs = new URLSearchParams({
    sort: filter.sort,
    ...(filter.continent ? { continent: filter.continent } : {}),
    ...(filter.q ? { q: filter.q } : {}),
    ...(cursor ? { cursor: String(cursor) } : {}),
  });
  return `/api/news?${qs.toString()}`;
}

/** The share of rows a search term matches (title or content, ASCII case ignored), from the corpus itself. */
function matchShare(rows: readonly NewNewsRow[], q: string): number {
  const needle = q.toLowerCase();
  const hits = rows.filter((r) => `${r.title}\n${r.content}`.toLowerCase().includes(needle)).length;
  return Math.round((hits / rows.length) * 1000) / 1000;
}

/** Garbage-collection pauses of this process (client and both servers alike) while it measures. */
function watchGc() {
  const pauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    pauses,
    stop: () => observer.disconnect(),
    overlaps: (start: number, end: number) => pauses.some((p) => p.start < end && p.end > start),
  };
}

type Sample = { start: number; ms: number };

/**
 * List pages on 100,000 news rows on both engines in one run: SQLite (the embedded default) and
 * PostgreSQL (a throwaway cluster from the machine's PostgreSQL binaries, fsync on), both servers
 * up at once in this process. The requests go round-robin: every round asks each scenario of
 * each engine once in each mode (which engine goes first alternates), so a hiccup of the machine
 * or a GC pause falls on every scenario and both engines alike. Nine of ten rounds continue after
 * a random cursor (deep pages), one asks for the first page; both engines get the same cursors.
 */
export async function runNewsBench(): Promise<Record<string, unknown>> {
  const loadBefore = loadavg();
  let rows: NewNewsRow[] | undefined = corpus(seededRandom(42), Date.now());
  const shares = Object.fromEntries(
    SCENARIOS.flatMap(({ name, filter }) => (filter.q ? [[name, matchShare(rows!, filter.q)]] : [])),
  );
  const sqlite = await startEngine(rows);
  progress('postgres: starting a throwaway cluster…');
  const cluster = await startPgCluster({ durable: true });
  try {
    const postgres = await startEngine(rows, await createDatabase(cluster.adminUrl, 'bench'));
    // The corpus (about 100 MB of strings) would otherwise stay in the heap every GC walks.
    rows = undefined;
    try {
      const engines = { sqlite, postgres };
      const empty = () => SCENARIOS.map((): Record<Mode, Sample[]> => ({ store: [], inProcess: [], http: [] }));
      const samples: Record<EngineName, Record<Mode, Sample[]>[]> = { sqlite: empty(), postgres: empty() };
      const gc = watchGc();
      const started = performance.now();
      for (let round = -WARMUP_ROUNDS; round < ROUNDS; round += 1) {
        if (round === 0) gc.pauses.length = 0;
        const cursor = round % 10 === 0 ? undefined : 1 + Math.floor(seededRandom(round + WARMUP_ROUNDS)() * ROWS);
        const order = round % 2 === 0 ? ENGINES : [...ENGINES].reverse();
        for (const [n, scenario] of SCENARIOS.entries()) {
          for (const engine of order) {
            for (const mode of MODES) {
              const start = performance.now();
              await engines[engine].request[mode](scenario, cursor);
              if (round >= 0) samples[engine][n]![mode].push({ start, ms: performance.now() - start });
            }
          }
        }
        if (round >= 0 && (round + 1) % 500 === 0)
          progress(`${round + 1}/${ROUNDS} rounds (${seconds(performance.now() - started)})`);
      }
      gc.stop();
      return report(samples, shares, gc, {
        rounds: ROUNDS,
        loadMs: { sqlite: sqlite.loadMs, postgres: postgres.loadMs },
        measuredMs: Math.round(performance.now() - started),
        loadBefore,
      });
    } finally {
      await postgres.close();
    }
  } finally {
    agent.destroy();
    await sqlite.close();
    await cluster.stop();
  }
}

function report(
  samples: Record<EngineName, Record<Mode, Sample[]>[]>,
  shares: Record<string, number>,
  gc: ReturnType<typeof watchGc>,
  run: { rounds: number; loadMs: Record<EngineName, number>; measuredMs: number; loadBefore: number[] },
) {
  const figures = (engine: EngineName, n: number) =>
    Object.fromEntries(MODES.map((mode) => [mode, percentiles(samples[engine][n]![mode].map((s) => s.ms))])) as Record<
      Mode,
      ReturnType<typeof percentiles>
    >;
  const ratio = (a: number, b: number) => Math.round((b / a) * 100) / 100;
  const comparison = SCENARIOS.map(({ name }, n) => {
    const [a, b] = [figures('sqlite', n), figures('postgres', n)];
    return {
      scenario: name,
      ...(name in shares ? { matchShare: shares[name] } : {}),
      sqlite: a,
      postgres: b,
      httpRatio: {
        p50: ratio(a.http.p50, b.http.p50),
        p95: ratio(a.http.p95, b.http.p95),
        p99: ratio(a.http.p99, b.http.p99),
      },
    };
  });
  // The slowest 1 % of HTTP requests on each engine, and how many of them a GC pause overlapped.
  const slowest = ENGINES.flatMap((engine) =>
    samples[engine].flatMap((modes) => {
      const sorted = [...modes.http].sort((x, y) => y.ms - x.ms);
      return sorted.slice(0, Math.ceil(sorted.length / 100));
    }),
  );
  const worst = (engine: EngineName) => Math.max(...comparison.map((c) => c[engine].http.p99));
  const worstRatio = Math.max(...comparison.map((c) => c.httpRatio.p99));
  for (const c of comparison) {
    const side = (f: (typeof c)['sqlite']) => `${f.http.p50}/${f.http.p95}/${f.http.p99} (store p99 ${f.store.p99})`;
    progress(`${c.scenario}: sqlite ${side(c.sqlite)}, postgres ${side(c.postgres)} ms, p99 ×${c.httpRatio.p99}`);
  }
  return {
    rows: ROWS,
    rounds: run.rounds,
    warmupRounds: WARMUP_ROUNDS,
    order:
      'round-robin: each round asks every scenario of both engines once per mode, alternating which engine goes first',
    cursor: '9 of 10 rounds continue after a random item (the same on both engines)',
    unit: 'ms',
    loadMs: run.loadMs,
    measuredMs: run.measuredMs,
    machineLoad: {
      before: run.loadBefore.map((l) => Math.round(l * 100) / 100),
      after: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    comparison,
    gc: {
      pauses: gc.pauses.length,
      totalMs: Math.round(gc.pauses.reduce((sum, p) => sum + p.end - p.start, 0)),
      longestMs: round3(Math.max(0, ...gc.pauses.map((p) => p.end - p.start))),
      slowestHttpRequests: slowest.length,
      slowestHttpDuringGc: slowest.filter((s) => gc.overlaps(s.start, s.start + s.ms)).length,
    },
    targetHttpP99Ms: TARGET_P99_MS,
    targetPostgresRatio: TARGET_RATIO,
    worstHttpP99: { sqlite: worst('sqlite'), postgres: worst('postgres') },
    worstRatio,
    meetsTarget: worst('sqlite') < TARGET_P99_MS && worst('postgres') < TARGET_P99_MS && worstRatio <= TARGET_RATIO,
  };
}
