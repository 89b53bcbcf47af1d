import { and, asc, count, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { changes, type PgDb } from '../db/postgres.js';
import { gramsOf } from './grams.js';
import { reactionCounter, type NewsStore } from './store.js';
import { news, newsBookmarks, newsLikes } from './tables.pg.js';

const reactionTables = { like: newsLikes, bookmark: newsBookmarks } as const;
/** Rows per INSERT: 14 parameters each stays far below PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 1_000;
/** Rows stored before the gram column whose grams one statement fills. */
const GRAM_CHUNK = 1_000;

/** A stored item's columns, without the search grams (only the list store's queries read those). */
const { grams: _grams, ...rowColumns } = getTableColumns(news);

/**
 * The news store on PostgreSQL. Under READ COMMITTED a reaction stays exact without locks: the
 * unique (user, news) index makes the second of two concurrent inserts wait and then do nothing,
 * and the counter moves by an atomic `+ 1` / `- 1` only when a row really changed.
 */
export function pgNewsStore(db: PgDb): NewsStore {
  return {
    // Each row carries its grams, so an item is searchable from the statement that stores it.
    async insertMany(items) {
      return db.transaction(async (tx) => {
        let inserted = 0;
        for (let i = 0; i < items.length; i += INSERT_CHUNK) {
          const chunk = items.slice(i, i + INSERT_CHUNK).map((item) => ({
            ...item,
            grams: [...gramsOf(item.title, item.content)],
          }));
          inserted += changes(await tx.insert(news).values(chunk).onConflictDoNothing({ target: news.canonicalLink }));
        }
        return inserted;
      });
    },
    // Rows without grams (stored before the column existed, or copied in) in chunks of their own
    // statement, so an interrupted run resumes; the partial index finds them without a scan.
    async indexOlderGrams() {
      let indexed = 0;
      for (let after = 0; ;) {
        const rows = await db
          .select({ id: news.id, title: news.title, content: news.content })
          .from(news)
          .where(and(isNull(news.grams), gt(news.id, after)))
          .orderBy(asc(news.id))
          .limit(GRAM_CHUNK);
        if (rows.length === 0) return indexed;
        const grams = Object.fromEntries(rows.map((row) => [row.id, [...gramsOf(row.title, row.content)]]));
        await db.execute(sql`
          UPDATE news SET grams = ARRAY(SELECT jsonb_array_elements_text(g.value))
            FROM jsonb_each(${JSON.stringify(grams)}::jsonb) AS g
           WHERE news.id = g.key::integer AND news.grams IS NULL`);
        indexed += rows.length;
        after = rows.at(-1)!.id;
      }
    },
    async count() {
      return (await db.select({ n: count() }).from(news))[0]?.n ?? 0;
    },
    async findById(id) {
      return (await db.select(rowColumns).from(news).where(eq(news.id, id)))[0];
    },
    async findByLink(link) {
      return (await db.select(rowColumns).from(news).where(eq(news.link, link)).limit(1))[0];
    },
    async ranking(limit) {
      return db
        .select(rowColumns)
        .from(news)
        .orderBy(desc(news.likeCount), desc(news.deliveryTime), desc(news.id))
        .limit(limit);
    },
    async hasReaction(kind, userId, newsId) {
      const table = reactionTables[kind];
      const mine = and(eq(table.userId, userId), eq(table.newsId, newsId));
      return (await db.select({ id: table.id }).from(table).where(mine)).length > 0;
    },
    async setReaction(kind, userId, newsId, on, now) {
      const table = reactionTables[kind];
      const counter = reactionCounter[kind];
      return db.transaction(async (tx) => {
        if ((await tx.select({ id: news.id }).from(news).where(eq(news.id, newsId))).length === 0)
          return 'NEWS_NOT_FOUND';
        const changed = on
          ? await tx.insert(table).values({ userId, newsId, createdAt: now }).onConflictDoNothing()
          : await tx.delete(table).where(and(eq(table.userId, userId), eq(table.newsId, newsId)));
        if (changes(changed) === 0) return 'UNCHANGED';
        await tx
          .update(news)
          .set({ [counter]: sql`${news[counter]} + ${on ? 1 : -1}` })
          .where(eq(news.id, newsId));
        return 'CHANGED';
      });
    },
    async reactionsOf(kind, userId) {
      const table = reactionTables[kind];
      return db
        .select({ newsId: table.newsId, title: news.title, continent: news.continent, createdAt: table.createdAt })
        .from(table)
        .innerJoin(news, eq(news.id, table.newsId))
        .where(eq(table.userId, userId))
        .orderBy(desc(table.createdAt), desc(table.id));
    },
  };
}
