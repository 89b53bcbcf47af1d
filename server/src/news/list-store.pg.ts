import type pg from 'pg';
import type { NewsSort } from './codes.js';
import { foldAscii, GRAM_MAX_CHARS, termGrams } from './grams.js';
import type { NewsCursor, NewsListFilter, NewsListRow, NewsListStore } from './list-store.js';
import { indexLimit, indexPlanCache } from './search-plan.js';

const SORT_KEY: Record<NewsSort, string> = { LATEST: 'delivery_time', POPULAR: 'like_count' };
/** The sort key as the page's rows name it (the order of a page read through the cursor's join). */
const SORT_FIELD: Record<NewsSort, string> = { LATEST: '"deliveryTime"', POPULAR: '"likeCount"' };
const ROW =
  'id, title, content, img_url AS "imgUrl", news_type AS "newsType", continent, delivery_time AS "deliveryTime",' +
  ' like_count AS "likeCount", bookmark_count AS "bookmarkCount"';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** One statement: its text, which names a prepared statement, and its parameters. */
type Statement = { text: string; values: unknown[] };

/**
 * The term as a substring of title or content, ASCII case ignored (as SQLite's LIKE): plain
 * `strpos` when the term has no ASCII letter, else on the texts with ASCII letters folded. ILIKE
 * would fold every letter (É and é too) and lower-case each whole text first, which is slower.
 */
function containsTerm(q: string, param: (value: unknown) => string): string {
  const folded = foldAscii(q);
  const text = (column: string) =>
    /[a-z]/.test(folded) ? `translate(${column}, '${UPPER}', '${UPPER.toLowerCase()}')` : column;
  const term = param(folded);
  return `(strpos(${text('title')}, ${term}) > 0 OR strpos(${text('content')}, ${term}) > 0)`;
}

const where = (conditions: (string | undefined)[]) => {
  const present = conditions.filter((c) => c !== undefined);
  return present.length ? ` WHERE ${present.join(' AND ')}` : '';
};

/**
 * The one statement of a list page. `after` is where the page starts: the first item, the sort
 * values of a resolved cursor, or a cursor item's id, looked up in the same statement (a `LEFT
 * JOIN LATERAL` from that item: no row at all when it does not exist, one row of NULLs when the
 * page is empty). Parameters keep the text the same for every term, region and cursor, so each
 * shape is one prepared statement.
 */
function pageStatement(
  filter: NewsListFilter,
  after: NewsCursor | number | undefined,
  limit: number,
  viaIndex: boolean,
): Statement {
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const key = SORT_KEY[filter.sort];
  const { q } = filter;
  const from = viaIndex ? 'hits' : 'news';
  const region = filter.continent && `${from}.continent = ${param(filter.continent)}`;
  const match: string[] = [];
  if (q !== undefined) match.push(viaIndex ? `grams @> ${param(termGrams(q))}::text[]` : containsTerm(q, param));
  // A term longer than its grams: the index finds candidates, which the text check confirms.
  const check = viaIndex && q !== undefined && [...q].length > GRAM_MAX_CHARS ? containsTerm(q, param) : undefined;
  const afterKey = (cursor: NewsCursor) => param(filter.sort === 'LATEST' ? cursor.deliveryTime : cursor.likeCount);
  const keyset =
    typeof after === 'number'
      ? `(${from}.${key}, ${from}.id) < (after_item.${key}, after_item.id)`
      : after && `(${from}.${key}, ${from}.id) < (${afterKey(after)}, ${param(after.id)})`;
  const order = (table: string) => ` ORDER BY ${table}.${key} DESC, ${table}.id DESC`;
  const top = `${order(from)} LIMIT ${param(limit)}`;
  // An index plan reads the matches' ids, keys and regions in a MATERIALIZED CTE (the planner
  // cannot turn it into a walk), then sorts them and reads the page's rows once its ids are known.
  // Region and cursor are applied to the matches, outside the CTE. Inside, the planner walked the
  // sort index from the cursor (it estimates a row comparison at about one row), and ANDed the
  // term's few matches with the region's index, whose bitmap grows with the table (100,000 rows:
  // 14,000 entries of one region against 1,000 matches, 2.5 × the time of filtering the matches).
  // A term longer than its grams is then checked on the sorted candidates one by one (a lateral
  // join the LIMIT stops), not on every candidate: only about a page of texts is searched (1,000
  // candidates of a rare term: 2.35 → 1.29 ms of execution at p50). OFFSET 0 keeps the sorted
  // candidates a subquery whose order the planner knows; flattened, it joined every candidate first.
  // The subquery is named `hits` too, so that region, cursor, order and limit read the same either way.
  const page = !viaIndex
    ? `SELECT ${ROW} FROM news${where([region, ...match, keyset])}${top}`
    : check
      ? `SELECT item.* FROM (SELECT id, ${key} FROM hits${where([region, keyset])}${order(from)} OFFSET 0) AS hits` +
        ` CROSS JOIN LATERAL (SELECT ${ROW} FROM news WHERE id = hits.id AND ${check}) AS item${top}`
      : `SELECT ${ROW} FROM news WHERE id IN (SELECT id FROM hits${where([region, keyset])}${top})${order('news')}`;
  const ctes = [
    ...(viaIndex ? [`hits AS MATERIALIZED (SELECT id, ${key}, continent FROM news${where(match)})`] : []),
    ...(typeof after === 'number' ? [`after_item AS (SELECT id, ${key} FROM news WHERE id = ${param(after)})`] : []),
  ];
  const body =
    typeof after === 'number'
      ? `SELECT page.* FROM after_item LEFT JOIN LATERAL (${page}) AS page ON true` +
        ` ORDER BY page.${SORT_FIELD[filter.sort]} DESC, page.id DESC`
      : page;
  return { text: (ctes.length ? `WITH ${ctes.join(', ')} ` : '') + body, values };
}

/** A row as node-postgres returns it: bigint columns arrive as strings; NULLs for an empty page after a cursor. */
type Stored<T> = { [K in keyof T]: K extends 'deliveryTime' ? string | number : T[K] };
const listRow = (row: Stored<NewsListRow>): NewsListRow => ({ ...row, deliveryTime: Number(row.deliveryTime) });

/**
 * The list store on PostgreSQL: list pages as hand-written SQL, for the same reason as SQLite's
 * store (list-store.sqlite.ts): the plan of a search is chosen by hand from how many rows the gram
 * index holds for the term (search-plan.ts), because the planner's estimates at LIMIT 13 walked the
 * sort index for rare terms and scanned every row for misses. A walk tests each row with `strpos`,
 * which no index serves, so the planner walks the sort index. Every statement is prepared once
 * per connection (named after its text), so a page is parsed and planned once per shape, not per
 * request (on a pool of their own that plans each statement once, generically: db/postgres.ts),
 * and a page after a cursor is one round trip. List pages are reads of committed rows, never part
 * of a transaction, so they run on that pool.
 */
export function pgNewsListStore(pool: pg.Pool): NewsListStore {
  const names = new Map<string, string>();
  const run = async <T extends pg.QueryResultRow>({ text, values }: Statement) => {
    const name = names.get(text) ?? `news_list_${names.size}`;
    names.set(text, name);
    return (await pool.query<T>({ name, text, values })).rows;
  };
  const indexPaysFor = indexPlanCache(async (q) => {
    const rows = await run<{ n: number }>({ text: 'SELECT coalesce(max(id), 0) AS n FROM news', values: [] });
    const limit = indexLimit(Number(rows[0]?.n ?? 0));
    // Counting stops one past the limit: a frequent term costs no more to decide than a rare one.
    const matches = await run<{ n: number }>({
      text: 'SELECT count(*)::int AS n FROM (SELECT 1 FROM news WHERE grams @> $1::text[] LIMIT $2) AS m',
      values: [termGrams(q), limit + 1],
    });
    return (matches[0]?.n ?? 0) <= limit;
  });
  const viaIndex = async ({ q }: NewsListFilter) => q !== undefined && (await indexPaysFor(q));

  return {
    async resolveCursor(id) {
      const [row] = await run<Stored<NewsCursor>>({
        text: 'SELECT id, delivery_time AS "deliveryTime", like_count AS "likeCount" FROM news WHERE id = $1',
        values: [id],
      });
      return row && { ...row, deliveryTime: Number(row.deliveryTime) };
    },

    async page(filter, cursor, limit) {
      return (await run<Stored<NewsListRow>>(pageStatement(filter, cursor, limit, await viaIndex(filter)))).map(
        listRow,
      );
    },

    async pageAfterItem(filter, cursorId, limit) {
      const rows = await run<Stored<NewsListRow>>(pageStatement(filter, cursorId, limit, await viaIndex(filter)));
      if (cursorId === undefined) return rows.map(listRow);
      return rows.length === 0 ? undefined : rows.filter((row) => row.id !== null).map(listRow);
    },
  };
}
