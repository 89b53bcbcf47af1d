import { sql, type SQL } from 'drizzle-orm';
import type { PgDb } from '../db/postgres.js';
import type { NewsSort } from './codes.js';
import { foldAscii, GRAM_MAX_CHARS, termGrams } from './grams.js';
import type { NewsCursor, NewsListRow, NewsListStore } from './list-store.js';
import { indexLimit, indexPlanCache } from './search-plan.js';

const SORT_KEY: Record<NewsSort, SQL> = { LATEST: sql.raw('delivery_time'), POPULAR: sql.raw('like_count') };
const ROW = sql.raw(
  'id, title, content, img_url AS "imgUrl", news_type AS "newsType", continent, delivery_time AS "deliveryTime",' +
    ' like_count AS "likeCount", bookmark_count AS "bookmarkCount"',
);
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Rows holding every gram the term needs (exactly the matches for a term of one or two characters). */
const holdsGrams = (q: string) => sql`grams @> ${sql.param(termGrams(q))}::text[]`;

/**
 * The term as a substring of title or content, ASCII case ignored (as SQLite's LIKE): plain
 * `strpos` when the term has no ASCII letter, else on the texts with ASCII letters folded. ILIKE
 * would fold every letter (É and é too) and lower-case each whole text first, which is slower.
 */
function containsTerm(q: string): SQL {
  const folded = foldAscii(q);
  const text = (column: string) =>
    /[a-z]/.test(folded) ? sql`translate(${sql.raw(column)}, ${UPPER}, ${UPPER.toLowerCase()})` : sql.raw(column);
  return sql`(strpos(${text('title')}, ${folded}) > 0 OR strpos(${text('content')}, ${folded}) > 0)`;
}

const where = (conditions: SQL[]) => (conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``);

/** A row as node-postgres returns it: bigint columns arrive as strings. */
type Stored<T> = { [K in keyof T]: K extends 'deliveryTime' ? string | number : T[K] };

/**
 * The list store on PostgreSQL: list pages as hand-written SQL, for the same reason as SQLite's
 * store (list-store.sqlite.ts): the plan of a search is chosen by hand from how many rows the gram
 * index holds for the term (search-plan.ts), because the planner's estimates at LIMIT 13 walked the
 * sort index for rare terms and scanned every row for misses. An index plan reads the matches in
 * a MATERIALIZED CTE (the planner cannot turn it into a walk), then filters and sorts them; a walk
 * tests each row with `strpos`, which no index serves, so the planner walks the sort index.
 */
export function pgNewsListStore(db: PgDb): NewsListStore {
  const indexPaysFor = indexPlanCache(async (q) => {
    const rows = await db.execute<{ n: number }>(sql`SELECT coalesce(max(id), 0) AS n FROM news`);
    const limit = indexLimit(Number(rows.rows[0]?.n ?? 0));
    // Counting stops one past the limit: a frequent term costs no more to decide than a rare one.
    const matches = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM news WHERE ${holdsGrams(q)} LIMIT ${limit + 1}) AS m`,
    );
    return (matches.rows[0]?.n ?? 0) <= limit;
  });

  return {
    async resolveCursor(id) {
      const { rows } = await db.execute<Stored<NewsCursor>>(
        sql`SELECT id, delivery_time AS "deliveryTime", like_count AS "likeCount" FROM news WHERE id = ${id}`,
      );
      const row = rows[0];
      return row && { ...row, deliveryTime: Number(row.deliveryTime) };
    },

    async page(filter, cursor, limit) {
      const key = SORT_KEY[filter.sort];
      const { q } = filter;
      const viaIndex = q !== undefined && (await indexPaysFor(q));
      const match: SQL[] = [];
      if (filter.continent) match.push(sql`continent = ${filter.continent}`);
      if (viaIndex) match.push(holdsGrams(q));
      if (q !== undefined && !(viaIndex && [...q].length <= GRAM_MAX_CHARS)) match.push(containsTerm(q));
      const filters: SQL[] = [];
      if (cursor) {
        const after = filter.sort === 'LATEST' ? cursor.deliveryTime : cursor.likeCount;
        filters.push(sql`(${key}, id) < (${after}, ${cursor.id})`);
      }
      const order = sql` ORDER BY ${key} DESC, id DESC LIMIT ${limit}`;
      // The cursor is applied to the matches, outside the CTE: inside, the planner (which estimates a
      // row comparison at about one row) walked the sort index from the cursor, testing every row.
      // Only the keys are materialised; the page's rows are read once its ids are known.
      const query = viaIndex
        ? sql`WITH hits AS MATERIALIZED (SELECT id, ${key} FROM news${where(match)}),
            page AS (SELECT id FROM hits${where(filters)}${order})
            SELECT ${ROW} FROM news WHERE id IN (SELECT id FROM page) ORDER BY ${key} DESC, id DESC`
        : sql`SELECT ${ROW} FROM news${where([...match, ...filters])}${order}`;
      const { rows } = await db.execute<Stored<NewsListRow>>(query);
      return rows.map((row) => ({ ...row, deliveryTime: Number(row.deliveryTime) }));
    },
  };
}
