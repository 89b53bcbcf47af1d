import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINENTS, NEWS_PAGE_SIZE, NEWS_SORTS, type Continent } from '../../src/news/codes.js';
import type { NewsListFilter } from '../../src/news/list-store.js';
import { listSql, planFor, type SearchPlan } from '../../src/news/list-store.sqlite.js';
import type { SqliteStorage } from '../../src/db/sqlite-storage.js';
import { ENGINES } from '../support/engines.js';
import type { NewsItem } from '../../src/news/schemas.js';
import { newsRow, openNewsDb, type NewsDb } from './news-db.js';

const WORDS = ['경제', '기후변화', '반도체', '선거', '외교', '협상', '무역분쟁', '수출', 'AI반도체', 'ai칩'];
// None, 1–2-character (gram index) and 3+-character (trigram index) terms, some crossing word boundaries,
// some found nowhere.
const QUERIES = [
  undefined,
  '경',
  'I',
  '없',
  '없는',
  '경제',
  '후변',
  '선거',
  '반도체',
  '기후변화',
  '도체 선',
  '무역분쟁',
  '없는말',
  'ai반',
  'Ai칩',
  'i반',
];
const TIMEOUT = 120_000;
const CONTINENT_FILTERS: (Continent | undefined)[] = [undefined, ...CONTINENTS];

type Seed = { continent: Continent; slot: number; title: string[]; content: string[]; likes: number };

const seedArb = fc.record({
  continent: fc.constantFrom<Continent>('KR', 'KR', 'EU', 'AS', 'JP'),
  slot: fc.integer({ min: 0, max: 12 }), // few slots: many equal delivery times
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
  content: fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }),
  likes: fc.integer({ min: 0, max: 3 }), // few values: many equal like counts
});

type Stored = { id: number; continent: Continent; deliveryTime: number; title: string; content: string; likes: number };

async function load(news: NewsDb, seeds: Seed[]): Promise<Stored[]> {
  await news.reset();
  const users = await news.users(3);
  await news.service.store.insertMany(
    seeds.map((s, n) =>
      newsRow(n, {
        continent: s.continent,
        deliveryTime: Date.UTC(2025, 0, 1) + s.slot * 3_600_000,
        title: s.title.join(' '),
        content: s.content.join(' '),
      }),
    ),
  );
  const rows = await Promise.all(seeds.map((_, n) => news.storage.news.findById(n + 1)));
  const stored: Stored[] = [];
  for (const [n, row] of rows.entries()) {
    const likes = seeds[n]!.likes;
    for (const user of users.slice(0, likes)) await news.service.react('like', user, row!.id, true);
    const { id, continent, deliveryTime, title, content } = row!;
    stored.push({ id, continent, deliveryTime, title, content, likes });
  }
  return stored;
}

function expected(rows: Stored[], filter: NewsListFilter): number[] {
  const key = (r: Stored) => (filter.sort === 'LATEST' ? r.deliveryTime : r.likes);
  return rows
    .filter((r) => !filter.continent || r.continent === filter.continent)
    .filter(
      (r) => !filter.q || [r.title, r.content].some((text) => text.toLowerCase().includes(filter.q!.toLowerCase())),
    )
    .sort((a, b) => key(b) - key(a) || b.id - a.id)
    .map((r) => r.id);
}

/** Follows the cursor like the web app: the last item's id, until a page says there is no next. */
async function walk(
  news: NewsDb,
  filter: NewsListFilter,
  betweenPages: (page: number) => Promise<void> = async () => undefined,
): Promise<NewsItem[]> {
  const seen: NewsItem[] = [];
  let cursor: number | undefined;
  for (let page = 0; page < 1_000; page += 1) {
    const result = await news.service.list(filter, cursor);
    seen.push(...result.content);
    if (!result.hasNext) {
      expect(result.nextCursor).toBeNull();
      expect(result.content.length).toBeLessThanOrEqual(NEWS_PAGE_SIZE);
      return seen;
    }
    expect(result.content).toHaveLength(NEWS_PAGE_SIZE);
    expect(result.nextCursor).toBe(result.content.at(-1)!.id);
    cursor = result.nextCursor!;
    await betweenPages(page);
  }
  throw new Error('pagination did not end');
}

describe.each(ENGINES)('keyset pagination (property) on %s', (engine) => {
  let news: NewsDb;
  beforeAll(async () => {
    news = await openNewsDb(engine);
  }, TIMEOUT);
  afterAll(() => news.close());
  // Every page is a round trip to PostgreSQL: fewer runs there keep the suite's time in check.
  const runs = (n: number) => (engine === 'postgres' ? Math.ceil(n / 3) : n);

  it(
    'walks every sort × region × search combination without gaps or repeats',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(seedArb, { maxLength: 70 }), async (seeds) => {
          const rows = await load(news, seeds);
          for (const sort of NEWS_SORTS)
            for (const continent of CONTINENT_FILTERS)
              for (const q of QUERIES) {
                const filter = { sort, continent, q };
                expect(
                  (await walk(news, filter)).map((n) => n.id),
                  JSON.stringify(filter),
                ).toEqual(expected(rows, filter));
              }
        }),
        { numRuns: runs(25) },
      );
    },
    TIMEOUT,
  );

  it(
    'LATEST stays exact while likes change between pages',
    async () => {
      const action = fc.record({ user: fc.nat(2), item: fc.nat(200), on: fc.boolean() });
      await fc.assert(
        fc.asyncProperty(
          fc.array(seedArb, { minLength: 13, maxLength: 70 }),
          fc.array(fc.array(action, { maxLength: 6 }), { maxLength: 10 }),
          fc.constantFrom(...QUERIES),
          fc.constantFrom(...CONTINENT_FILTERS),
          async (seeds, pages, q, continent) => {
            const rows = await load(news, seeds);
            const users = await news.users(3);
            const filter: NewsListFilter = { sort: 'LATEST', continent, q };
            const ids = (
              await walk(news, filter, async (page) => {
                for (const a of pages[page] ?? [])
                  await news.service.react('like', users[a.user]!, rows[a.item % rows.length]!.id, a.on);
              })
            ).map((n) => n.id);
            expect(ids).toEqual(expected(rows, filter));
          },
        ),
        { numRuns: runs(25) },
      );
    },
    TIMEOUT,
  );

  it(
    'continues after a cursor item that does not match the current filter',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(seedArb, { minLength: 1, maxLength: 50 }),
          fc.nat(),
          fc.constantFrom(...NEWS_SORTS),
          fc.constantFrom(...CONTINENT_FILTERS),
          fc.constantFrom(...QUERIES),
          async (seeds, pick, sort, continent, q) => {
            const rows = await load(news, seeds);
            const cursor = rows[pick % rows.length]!;
            const filter = { sort, continent, q };
            const all = expected([...rows], { sort, continent: undefined, q: undefined });
            const position = all.indexOf(cursor.id);
            const after = new Set(all.slice(position + 1));
            const want = expected(rows, filter)
              .filter((id) => after.has(id))
              .slice(0, NEWS_PAGE_SIZE);
            expect((await news.service.list(filter, cursor.id)).content.map((n) => n.id)).toEqual(want);
          },
        ),
        { numRuns: runs(40) },
      );
    },
    TIMEOUT,
  );
});

describe('SQLite search plans (property)', () => {
  it('the index plans (trigram or gram index) give the LIKE scan’s rows for each term and filter', async () => {
    const news = await openNewsDb('sqlite');
    const { sqlite } = (news.storage as SqliteStorage).database;
    await fc.assert(
      fc.asyncProperty(fc.array(seedArb, { minLength: 1, maxLength: 70 }), fc.nat(), async (seeds, pick) => {
        const rows = await load(news, seeds);
        const cursorRow = rows[pick % rows.length]!;
        const cursor = { id: cursorRow.id, deliveryTime: cursorRow.deliveryTime, likeCount: cursorRow.likes };
        for (const sort of NEWS_SORTS)
          for (const continent of [undefined, 'KR' as const])
            for (const q of QUERIES.filter((t) => t !== undefined))
              for (const after of [undefined, cursor]) {
                const run = (plan: SearchPlan) => {
                  const { text, params } = listSql({ sort, continent, q }, after, 100, plan);
                  return sqlite.prepare(text).all(...params);
                };
                expect(run('scan'), `${sort} ${continent} ${q}`).toEqual(run(planFor(q)));
              }
      }),
      { numRuns: 20 },
    );
    await news.close();
  });
});
