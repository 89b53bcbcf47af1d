import type Database from 'better-sqlite3';
import type { Continent, NewsSort, Publisher } from './codes.js';

/** What a list page is asked for, already validated. `q` is trimmed and non-empty when present. */
export interface NewsListFilter {
  sort: NewsSort;
  continent?: Continent | undefined;
  q?: string | undefined;
}

/** The sort values of the item a page continues after (the cursor item, resolved). */
export interface NewsCursor {
  id: number;
  deliveryTime: number;
  likeCount: number;
}

export interface NewsListRow {
  id: number;
  title: string;
  content: string;
  imgUrl: string | null;
  newsType: Publisher;
  continent: Continent;
  deliveryTime: number;
  likeCount: number;
  bookmarkCount: number;
}

export interface ListSql {
  text: string;
  params: (string | number)[];
}

/** Trigram FTS needs at least three characters; shorter terms fall back to a substring scan. */
export const FTS_MIN_CHARS = 3;

const SORT_KEY: Record<NewsSort, string> = { LATEST: 'delivery_time', POPULAR: 'like_count' };

/**
 * The one SQL text of a list page: filters AND-ed together with the keyset condition
 * (never OR-ed at the top level, the old bug), ordered by (sort key, id) descending.
 */
export function listSql(filter: NewsListFilter, cursor: NewsCursor | undefined, limit: number): ListSql {
  const key = SORT_KEY[filter.sort];
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (filter.continent) {
    where.push('continent = ?');
    params.push(filter.continent);
  }
  if (filter.q) {
    if ([...filter.q].length >= FTS_MIN_CHARS) {
      where.push('id IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ?)');
      params.push(`"${filter.q.replaceAll('"', '""')}"`);
    } else {
      const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
 * Runs list pages on the raw better-sqlite3 connection (the hot path), with prepared
 * statements cached per SQL shape (a handful of shapes exist).
 */
export function createNewsListStore(client: Database.Database) {
  const statements = new Map<string, Database.Statement<(string | number)[], NewsListRow>>();
  const cursorStatement = client.prepare<[number], NewsCursor>(
    'SELECT id, delivery_time AS deliveryTime, like_count AS likeCount FROM news WHERE id = ?',
  );

  return {
    /** The sort values of an item, or undefined when no such item exists. */
    resolveCursor(id: number): NewsCursor | undefined {
      return cursorStatement.get(id);
    },

    /** Up to `limit` rows after the cursor in the filter's order. */
    page(filter: NewsListFilter, cursor: NewsCursor | undefined, limit: number): NewsListRow[] {
      const { text, params } = listSql(filter, cursor, limit);
      const statement = statements.get(text) ?? client.prepare<(string | number)[], NewsListRow>(text);
      statements.set(text, statement);
      return statement.all(...params);
    },
  };
}

export type NewsListStore = ReturnType<typeof createNewsListStore>;
