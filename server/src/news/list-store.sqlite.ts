import type Database from 'better-sqlite3';
import { containsPattern } from '../db/like-pattern.js';
import type { NewsSort } from './codes.js';
import { GRAM_MAX_CHARS, gramQuery } from './grams.js';
import { indexPays, indexPlanCache } from './search-plan.js';
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

const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

/** The index and its MATCH argument for a term under an index plan. */
const INDEXES = {
  fts: { table: 'news_fts', match: ftsPhrase },
  grams: { table: 'news_grams', match: gramQuery },
} as const;

/** Whether some character of the term has an upper- or lower-case form. */
const hasCase = (q: string) => q.toLowerCase() !== q.toUpperCase();

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
    }
    // The trigram index folds the case of every letter (É and é too), LIKE only ASCII's: its
    // candidates are checked with LIKE, so both plans find the same rows. A term without a letter
    // that has case (Hangul, digits, punctuation) folds the same either way: the index alone answers it.
    if (search === 'scan' || (search === 'fts' && hasCase(filter.q))) {
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
  const indexPaysFor = indexPlanCache((q) => {
    const index = planFor(q) === 'grams' ? 'grams' : 'fts';
    return indexPays(matchCounts[index].get(INDEXES[index].match(q)) ?? 0, rowCount.get() ?? 0);
  });

  const page: NewsListStore['page'] = async (filter, cursor, limit) => {
    const { q } = filter;
    const plan = q !== undefined && !(await indexPaysFor(q)) ? 'scan' : planFor(q);
    const { text, params } = listSql(filter, cursor, limit, plan);
    const statement = statements.get(text) ?? client.prepare<(string | number)[], NewsListRow>(text);
    statements.set(text, statement);
    return statement.all(...params);
  };

  return {
    async resolveCursor(id) {
      return cursorStatement.get(id);
    },
    page,
    // In process, the cursor's lookup costs no round trip: it stays a statement of its own.
    async pageAfterItem(filter, cursorId, limit) {
      if (cursorId === undefined) return page(filter, undefined, limit);
      const cursor = cursorStatement.get(cursorId);
      return cursor && page(filter, cursor, limit);
    },
  };
}
