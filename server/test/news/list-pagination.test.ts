import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTINENTS, NEWS_PAGE_SIZE, NEWS_SORTS, type Continent } from '../../src/news/codes.js';
import { listSql, planFor, type NewsListFilter, type SearchPlan } from '../../src/news/list-store.js';
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

function load(news: NewsDb, seeds: Seed[]): Stored[] {
  const users = news.users(3);
  news.service.store.insertMany(
    seeds.map((s, n) =>
      newsRow(n, {
        continent: s.continent,
        deliveryTime: Date.UTC(2025, 0, 1) + s.slot * 3_600_000,
        title: s.title.join(' '),
        content: s.content.join(' '),
      }),
    ),
  );
  const rows = news.database.sqlite
    .prepare('SELECT id, continent, delivery_time AS deliveryTime, title, content FROM news ORDER BY id')
    .all() as Omit<Stored, 'likes'>[];
  return rows.map((row, n) => {
    const likes = seeds[n]!.likes;
    for (const user of users.slice(0, likes)) news.service.react('like', user, row.id, true);
    return { ...row, likes };
  });
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
function walk(
  news: NewsDb,
  filter: NewsListFilter,
  betweenPages: (page: number) => void = () => undefined,
): NewsItem[] {
  const seen: NewsItem[] = [];
  let cursor: number | undefined;
  for (let page = 0; page < 1_000; page += 1) {
    const result = news.service.list(filter, cursor);
    seen.push(...result.content);
    if (!result.hasNext) {
      expect(result.nextCursor).toBeNull();
      expect(result.content.length).toBeLessThanOrEqual(NEWS_PAGE_SIZE);
      return seen;
    }
    expect(result.content).toHaveLength(NEWS_PAGE_SIZE);
    expect(result.nextCursor).toBe(result.content.at(-1)!.id);
    cursor = result.nextCursor!;
    betweenPages(page);
  }
  throw new Error('pagination did not end');
}

describe('keyset pagination (property)', () => {
  it('walks every sort × region × search combination without gaps or repeats', () => {
    fc.assert(
      fc.property(fc.array(seedArb, { maxLength: 70 }), (seeds) => {
        const news = openNewsDb();
        try {
          const rows = load(news, seeds);
          for (const sort of NEWS_SORTS)
            for (const continent of CONTINENT_FILTERS)
              for (const q of QUERIES) {
                const filter = { sort, continent, q };
                expect(
                  walk(news, filter).map((n) => n.id),
                  JSON.stringify(filter),
                ).toEqual(expected(rows, filter));
              }
        } finally {
          news.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('the index plans (trigram or gram index first) give the ordered LIKE scan’s rows for each term and filter', () => {
    fc.assert(
      fc.property(fc.array(seedArb, { minLength: 1, maxLength: 70 }), fc.nat(), (seeds, pick) => {
        const news = openNewsDb();
        try {
          const rows = load(news, seeds);
          const cursorRow = rows[pick % rows.length]!;
          const cursor = { id: cursorRow.id, deliveryTime: cursorRow.deliveryTime, likeCount: cursorRow.likes };
          for (const sort of NEWS_SORTS)
            for (const continent of [undefined, 'KR' as const])
              for (const q of QUERIES.filter((t) => t !== undefined))
                for (const after of [undefined, cursor]) {
                  const run = (plan: SearchPlan) => {
                    const { text, params } = listSql({ sort, continent, q }, after, 100, plan);
                    return news.database.sqlite.prepare(text).all(...params);
                  };
                  expect(run('scan'), `${sort} ${continent} ${q}`).toEqual(run(planFor(q)));
                }
        } finally {
          news.close();
        }
      }),
      { numRuns: 20 },
    );
  });

  it('LATEST stays exact while likes change between pages', () => {
    const action = fc.record({ user: fc.nat(2), item: fc.nat(200), on: fc.boolean() });
    fc.assert(
      fc.property(
        fc.array(seedArb, { minLength: 13, maxLength: 70 }),
        fc.array(fc.array(action, { maxLength: 6 }), { maxLength: 10 }),
        fc.constantFrom(...QUERIES),
        fc.constantFrom(...CONTINENT_FILTERS),
        (seeds, pages, q, continent) => {
          const news = openNewsDb();
          try {
            const rows = load(news, seeds);
            const users = news.users(3);
            const filter: NewsListFilter = { sort: 'LATEST', continent, q };
            const ids = walk(news, filter, (page) => {
              for (const a of pages[page] ?? [])
                news.service.react('like', users[a.user]!, rows[a.item % rows.length]!.id, a.on);
            }).map((n) => n.id);
            expect(ids).toEqual(expected(rows, filter));
          } finally {
            news.close();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('continues after a cursor item that does not match the current filter', () => {
    fc.assert(
      fc.property(
        fc.array(seedArb, { minLength: 1, maxLength: 50 }),
        fc.nat(),
        fc.constantFrom(...NEWS_SORTS),
        fc.constantFrom(...CONTINENT_FILTERS),
        fc.constantFrom(...QUERIES),
        (seeds, pick, sort, continent, q) => {
          const news = openNewsDb();
          try {
            const rows = load(news, seeds);
            const cursor = rows[pick % rows.length]!;
            const filter = { sort, continent, q };
            const all = expected([...rows], { sort, continent: undefined, q: undefined });
            const position = all.indexOf(cursor.id);
            const after = new Set(all.slice(position + 1));
            const want = expected(rows, filter)
              .filter((id) => after.has(id))
              .slice(0, NEWS_PAGE_SIZE);
            expect(news.service.list(filter, cursor.id).content.map((n) => n.id)).toEqual(want);
          } finally {
            news.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
