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

/**
 * List pages of news (SQLite and PostgreSQL implement it alike): filters AND-ed together with
 * the keyset condition, ordered by (sort key, id) descending. A search term matches a substring
 * of title or content, ignoring ASCII case.
 */
export interface NewsListStore {
  /** The sort values of an item, or undefined when no such item exists. */
  resolveCursor(id: number): Promise<NewsCursor | undefined>;
  /** Up to `limit` rows after the cursor in the filter's order. */
  page(filter: NewsListFilter, cursor: NewsCursor | undefined, limit: number): Promise<NewsListRow[]>;
  /**
   * Up to `limit` rows after the item `cursorId` (the first page without one), as `page` after
   * `resolveCursor` but in one statement where that saves a round trip; undefined when no such item exists.
   */
  pageAfterItem(
    filter: NewsListFilter,
    cursorId: number | undefined,
    limit: number,
  ): Promise<NewsListRow[] | undefined>;
}
