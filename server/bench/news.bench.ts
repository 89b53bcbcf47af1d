import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
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

const WARMUP = 50;
const SAMPLES = 400;

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { p50: round(at(50)), p99: round(at(99)), max: round(sorted.at(-1)!) };
}

async function measure(run: (i: number) => unknown, count: number) {
  for (let i = 0; i < Math.min(WARMUP, count); i += 1) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return percentiles(samples);
}

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

/** Progress on stderr (the figures alone go to stdout, as JSON at the end). */
const progress = (line: string) => process.stderr.write(`news bench: ${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The scenarios on one engine: a server on a fresh database (SQLite file, or the PostgreSQL
 * database at `databaseUrl`) with the corpus loaded and analysed, measured three ways: the list
 * store alone (baseline), the app in process (`app.request`) and over HTTP on a real port.
 */
async function benchEngine(rows: readonly NewNewsRow[], databaseUrl?: string) {
  const engine = databaseUrl ? 'postgres' : 'sqlite';
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
    const cursorAt = (i: number) => (i % 10 === 0 ? undefined : 1 + Math.floor(seededRandom(i)() * ROWS));

    const lists = storage.newsLists;
    const results = [];
    for (const [n, { name, filter }] of SCENARIOS.entries()) {
      const started = performance.now();
      const query = (i: number) => {
        const cursor = cursorAt(i);
        const qs = new URLSearchParams({
          sort: filter.sort,
          ...(filter.continent ? { continent: filter.continent } : {}),
          ...(filter.q ? { q: filter.q } : {}),
          ...(cursor ? { cursor: String(cursor) } : {}),
        });
        return `/api/news?${qs.toString()}`;
      };
      const baseline = await measure(async (i) => {
        const id = cursorAt(i);
        return lists.page(filter, id === undefined ? undefined : await lists.resolveCursor(id), NEWS_PAGE_SIZE + 1);
      }, SAMPLES);
      const inProcess = await measure(async (i) => {
        const res = await server.app.request(query(i), { headers });
        if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
        return res.text();
      }, SAMPLES);
      const http = await measure(async (i) => {
        const res = await fetch(`${server.url}${query(i)}`, { headers });
        if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
        return res.text();
      }, SAMPLES);
      results.push({ scenario: name, baselineStore: baseline, inProcess, http });
      progress(
        `${engine} ${n + 1}/${SCENARIOS.length} ${name}: HTTP p50 ${http.p50} p99 ${http.p99} ms,` +
          ` store p50 ${baseline.p50} p99 ${baseline.p99} ms (${seconds(performance.now() - started)})`,
      );
    }
    const worstHttpP99 = Math.max(...results.map((r) => r.http.p99));
    return { loadMs, results, worstHttpP99, meetsTarget: worstHttpP99 < TARGET_P99_MS };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The share of rows a search term matches (title or content, ASCII case ignored), from the corpus itself. */
function matchShare(rows: readonly NewNewsRow[], q: string): number {
  const needle = q.toLowerCase();
  const hits = rows.filter((r) => `${r.title}\n${r.content}`.toLowerCase().includes(needle)).length;
  return Math.round((hits / rows.length) * 1000) / 1000;
}

const TARGET_P99_MS = 10;
/** PostgreSQL's p99 over HTTP may be at most this many times SQLite's. */
const TARGET_RATIO = 1.5;

/**
 * List pages on 100,000 news rows on both engines in one run: SQLite (the embedded default) and
 * PostgreSQL (a throwaway cluster from the machine's PostgreSQL binaries, fsync on). p50/p99 (ms)
 * per scenario; nine of ten requests continue after a random cursor (deep pages), one asks for
 * the first page. The comparison puts each scenario's HTTP p99 on PostgreSQL beside SQLite's.
 */
export async function runNewsBench(): Promise<Record<string, unknown>> {
  const rows = corpus(seededRandom(42), Date.now());
  const loadBefore = loadavg();
  const sqlite = await benchEngine(rows);
  progress('postgres: starting a throwaway cluster…');
  const cluster = await startPgCluster({ durable: true });
  let postgres: Awaited<ReturnType<typeof benchEngine>>;
  try {
    postgres = await benchEngine(rows, await createDatabase(cluster.adminUrl, 'bench'));
  } finally {
    await cluster.stop();
  }
  const side = (result: (typeof sqlite.results)[number]) => ({
    http: { p50: result.http.p50, p99: result.http.p99 },
    store: { p50: result.baselineStore.p50, p99: result.baselineStore.p99 },
  });
  const comparison = SCENARIOS.map(({ name, filter }, i) => {
    const [a, b] = [sqlite.results[i]!, postgres.results[i]!];
    return {
      scenario: name,
      ...(filter.q ? { matchShare: matchShare(rows, filter.q) } : {}),
      sqlite: side(a),
      postgres: side(b),
      httpP99Ratio: Math.round((b.http.p99 / a.http.p99) * 100) / 100,
    };
  });
  return {
    rows: ROWS,
    samplesPerMode: SAMPLES,
    cursor: '9 of 10 requests continue after a random item',
    unit: 'ms',
    machineLoad: {
      before: loadBefore.map((l) => Math.round(l * 100) / 100),
      after: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    comparison,
    targetHttpP99Ms: TARGET_P99_MS,
    targetPostgresRatio: TARGET_RATIO,
    worstRatio: Math.max(...comparison.map((c) => c.httpP99Ratio)),
    sqlite,
    postgres,
  };
}
