import type Database from 'better-sqlite3';
import { containsPattern } from '../db/like-pattern.js';
import type { NewsSort } from './codes.js';
import { GRAM_MAX_CHARS, gramQuery } from './grams.js';
import type { NewsCursor, NewsListFilter, NewsListRow, NewsListStore } from './list-store.js';

export interface ListSql {
  text: string;
  params: (string | number)[];
}

/**
 * How a search term is matched: through an index (the trigram index for terms of three or more
 * characters, the gram index for shorter ones; then sorted), or by walking the sort index and testing
 * each row with LIKE until the page is full. All give the same rows for a term (substring of title or
 * content, ASCII case ignored); only the cost differs.
 */
export type SearchPlan = 'fts' | 'grams' | 'scan';

/** The index plan of a term when nothing is known about its frequency. */
export function planFor(q: string | undefined): SearchPlan {
  if (q === undefined) return 'scan';
  return [...q].length <= GRAM_MAX_CHARS ? 'grams' : 'fts';
}

/**
 * The index first costs about one row lookup per match; the ordered scan about 13 / share rows.
 * They break even near matches² ≈ 20 × rows, so a frequent term is cheaper to scan for, and a rare
 * one (a miss above all) is answered by the index without touching the rows.
 */
function choosePlan(q: string | undefined, matches: () => number, rows: () => number): SearchPlan {
  const plan = planFor(q);
  if (plan === 'scan') return plan;
  const n = matches();
  return n * n <= 20 * rows() ? plan : 'scan';
}

const COUNT_TTL_MS = 5 * 60_000;
const COUNT_CACHE_SIZE = 500;

const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

/** The index and its MATCH argument for a term under an index plan. */
const INDEXES = {
  fts: { table: 'news_fts', match: ftsPhrase },
  grams: { table: 'news_grams', match: gramQuery },
} as const;

const SORT_KEY: Record<NewsSort, string> = { LATEST: 'delivery_time', POPULAR: 'like_count' };

/**
 * The one SQL text of a list page: filters AND-ed together with the keyset condition
 * (never OR-ed at the top level, the old bug), ordered by (sort key, id) descending.
 */
export function listSql(
  filter: NewsListFilter,
  cursor: NewsCursor | undefined,
  limit: number,
  search: SearchPlan = planFor(filter.q),
): ListSql {
  const key = SORT_KEY[filter.sort];
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.continent) {
    where.push('continent = ?');
    params.push(filter.continent);
  }
  if (filter.q) {
    if (search !== 'scan') {
      const { table, match } = INDEXES[search];
      where.push(`id IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`);
      params.push(match(filter.q));
    } else {
      const pattern = containsPattern(filter.q);
      where.push("(title LIKE ? ESCAPE '\\' OR content LIKE ? ESCAPE '\\')");
      params.push(pattern, pattern);
    }
  }
  if (cursor) {
    where.push(`(${key}, id) < (?, ?)`);
    params.push(filter.sort === 'LATEST' ? cursor.deliveryTime : cursor.likeCount, cursor.id);
  }
  params.push(limit);
  const text =
    'SELECT id, title, content, img_url AS imgUrl, news_type AS newsType, continent, delivery_time AS deliveryTime,' +
    ' like_count AS likeCount, bookmark_count AS bookmarkCount FROM news' +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    ` ORDER BY ${key} DESC, id DESC LIMIT ?`;
  return { text, params };
}

/**
 * The list store on SQLite: runs list pages on the raw better-sqlite3 connection (the hot path),
 * with prepared statements cached per SQL shape (a handful of shapes exist).
 */
export function sqliteNewsListStore(client: Database.Database): NewsListStore {
  const statements = new Map<string, Database.Statement<(string | number)[], NewsListRow>>();
  const cursorStatement = client.prepare<[number], NewsCursor>(
    'SELECT id, delivery_time AS deliveryTime, like_count AS likeCount FROM news WHERE id = ?',
  );
  const matchCounts = {
    fts: client.prepare<[string], number>('SELECT count(*) FROM news_fts WHERE news_fts MATCH ?').pluck(),
    grams: client.prepare<[string], number>('SELECT count(*) FROM news_grams WHERE news_grams MATCH ?').pluck(),
  };
  // Ids are never reused or deleted in bulk: max(id) is an O(1) stand-in for the row count.
  const rowCount = client.prepare<[], number>('SELECT coalesce(max(id), 0) FROM news').pluck();
  // Match counts only steer the plan (both plans give the same rows), so a few minutes' staleness is harmless.
  const counts = new Map<string, { n: number; at: number }>();
  const matchesOf = (q: string): number => {
    const now = Date.now();
    const hit = counts.get(q);
    if (hit && now - hit.at < COUNT_TTL_MS) return hit.n;
    const index = planFor(q) === 'grams' ? 'grams' : 'fts';
    const n = matchCounts[index].get(INDEXES[index].match(q)) ?? 0;
    if (counts.size >= COUNT_CACHE_SIZE) counts.delete(counts.keys().next().value!);
    counts.set(q, { n, at: now });
    return n;
  };

  return {
    async resolveCursor(id) {
      return cursorStatement.get(id);
    },

    async page(filter, cursor, limit) {
      const { q } = filter;
      const plan = choosePlan(
        q,
        () => matchesOf(q ?? ''),
        () => rowCount.get() ?? 0,
      );
      const { text, params } = listSql(filter, cursor, limit, plan);
      const statement = statements.get(text) ?? client.prepare<(string | number)[], NewsListRow>(text);
      statements.set(text, statement);
      return statement.all(...params);
    },
  };
}
