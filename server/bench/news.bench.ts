import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seededRandom } from '@toron/fixtures';
import { signAccessToken } from '../src/auth/access-token.js';
import { loadJwtSecret } from '../src/auth/secret.js';
import { loadConfig } from '../src/config.js';
import { CONTINENTS, NEWS_PAGE_SIZE, PUBLISHERS } from '../src/news/codes.js';
import { createNewsListStore, type NewsListFilter } from '../src/news/list-store.js';
import { createNewsStore } from '../src/news/store.js';
import type { NewNewsRow } from '../src/news/tables.js';
import { startServer } from '../src/server.js';
import { insertUser } from '../src/users/store.js';

const ROWS = 100_000;
const WARMUP = 50;
const SAMPLES = 400;

// Everyday words are frequent, topic words rare (as in real news), so searches hit a realistic share.
const COMMON = [
  '정부는',
  '오늘',
  '발표했다',
  '관계자는',
  '밝혔다',
  '이번',
  '지난해',
  '올해',
  '계획이다',
  '전망이다',
  '지역',
  '시민',
  '회의',
  '결과',
  '대해',
  '위해',
  '따르면',
  '가운데',
  '최근',
  '논의',
];
const TOPICS = [
  '반도체',
  '기후변화',
  '선거',
  '외교부',
  '무역분쟁',
  '금리인상',
  '전기차',
  '인공지능',
  '부동산',
  '저출생',
  '올림픽',
  '지진',
  '난민',
  '우주항공',
  '원자력',
  '백신',
  '관세',
  '환율',
  '청년고용',
  '탄소중립',
];

function corpus(rnd: () => number, now: number): NewNewsRow[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => (rnd() < 0.08 ? pick(TOPICS) : pick(COMMON))).join(' ');
  return Array.from({ length: ROWS }, (_, n) => ({
    title: `${pick(TOPICS)} ${words(5)}`,
    content: `${words(30)}${rnd() < 0.01 ? ' 양자컴퓨터' : ''}.`,
    link: `https://bench.test/article/${n}`,
    canonicalLink: `https://bench.test/article/${n}`,
    imgUrl: `https://bench.test/img/${n}.jpg`,
    newsType: pick(PUBLISHERS),
    continent: pick(CONTINENTS),
    category: 'ETC',
    // Minute resolution over ~70 days: many equal times, as with real feeds.
    deliveryTime: now - Math.floor(rnd() * 100_000) * 60_000,
    // Counts are columns kept by the like transaction; the bench seeds them directly (skewed).
    likeCount: Math.floor(rnd() ** 4 * 500),
    createdAt: now,
  }));
}

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

/**
 * List pages on 100,000 news rows: p50/p99 (ms) per scenario for the raw SQL on
 * better-sqlite3 (baseline), the app in process (`app.request`) and over HTTP on a real port.
 * Nine of ten requests continue after a random cursor (deep pages), one asks for the first page.
 */
export async function runNewsBench(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-bench-news-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const server = await startServer(config);
  try {
    const { sqlite } = server.deps.database;
    const rnd = seededRandom(42);
    const loadStarted = performance.now();
    createNewsStore(server.deps.db).insertMany(corpus(rnd, Date.now()));
    sqlite.exec('ANALYZE');
    const loadMs = Math.round(performance.now() - loadStarted);

    const user = insertUser(server.deps.db, {
      provider: 'google',
      subject: 'bench',
      nickname: '벤치',
      role: 'ROLE_MEMBER',
    });
    const token = await signAccessToken(
      loadJwtSecret(config.dataDir, config.jwtSecret),
      { userId: user.id, version: user.tokenVersion },
      3600,
    );
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    const ids = sqlite.prepare('SELECT id FROM news').pluck().all() as number[];
    const cursorAt = (i: number) => (i % 10 === 0 ? undefined : ids[Math.floor(seededRandom(i)() * ids.length)]);

    const share = (q: string) =>
      (sqlite
        .prepare('SELECT count(*) FROM news WHERE title LIKE ? OR content LIKE ?')
        .pluck()
        .get(`%${q}%`, `%${q}%`) as number) / ROWS;
    const scenarios: Scenario[] = [
      { name: 'LATEST', filter: { sort: 'LATEST' } },
      { name: 'POPULAR', filter: { sort: 'POPULAR' } },
      { name: 'LATEST continent=EU', filter: { sort: 'LATEST', continent: 'EU' } },
      { name: 'LATEST q=양자컴퓨터 (rare, 3+ chars: FTS first)', filter: { sort: 'LATEST', q: '양자컴퓨터' } },
      { name: 'LATEST q=반도체 (frequent, 3+ chars: ordered scan)', filter: { sort: 'LATEST', q: '반도체' } },
      { name: 'POPULAR q=기후변화 (frequent, 3+ chars: ordered scan)', filter: { sort: 'POPULAR', q: '기후변화' } },
      { name: 'LATEST q=선거 (frequent, 2 chars: ordered scan)', filter: { sort: 'LATEST', q: '선거' } },
      { name: 'LATEST q=없는 (2 chars, no match: gram index)', filter: { sort: 'LATEST', q: '없는' } },
      { name: 'POPULAR q=없 (1 char, no match: gram index)', filter: { sort: 'POPULAR', q: '없' } },
      { name: 'LATEST q=퓨터 (rare, 2 chars: gram index)', filter: { sort: 'LATEST', q: '퓨터' } },
      {
        name: 'LATEST continent=EU q=양 (rare, 1 char: gram index)',
        filter: { sort: 'LATEST', continent: 'EU', q: '양' },
      },
    ];

    // Baseline: the list store's own SQL (plan choice, cursor lookup, page) on the raw connection.
    const lists = createNewsListStore(sqlite);
    const results = [];
    for (const { name, filter } of scenarios) {
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
      const baseline = await measure((i) => {
        const id = cursorAt(i);
        return lists.page(filter, id === undefined ? undefined : lists.resolveCursor(id), NEWS_PAGE_SIZE + 1);
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
      results.push({
        scenario: name,
        ...(filter.q ? { matchShare: Math.round(share(filter.q) * 1000) / 1000 } : {}),
        baselineSql: baseline,
        inProcess,
        http,
      });
    }
    const worstHttpP99 = Math.max(...results.map((r) => r.http.p99));
    return {
      rows: ROWS,
      loadMs,
      samplesPerMode: SAMPLES,
      cursor: '9 of 10 requests continue after a random item',
      unit: 'ms',
      results,
      targetHttpP99Ms: 10,
      worstHttpP99,
      meetsTarget: worstHttpP99 < 10,
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
