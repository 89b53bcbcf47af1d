import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../db/like-pattern.js';
import type { PgDb } from '../db/postgres.js';
import type { NewsListStore } from './list-store.js';
import { news } from './tables.pg.js';

const columns = {
  id: news.id,
  title: news.title,
  content: news.content,
  imgUrl: news.imgUrl,
  newsType: news.newsType,
  continent: news.continent,
  deliveryTime: news.deliveryTime,
  likeCount: news.likeCount,
  bookmarkCount: news.bookmarkCount,
};

/**
 * The list store on PostgreSQL. A search term is `ILIKE '%term%'` on title or content; the
 * pg_trgm GIN indexes serve it, and the planner chooses between them and walking the sort index
 * (what SQLite's store decides by hand).
 */
export function pgNewsListStore(db: PgDb): NewsListStore {
  return {
    async resolveCursor(id) {
      const cursor = { id: news.id, deliveryTime: news.deliveryTime, likeCount: news.likeCount };
      return (await db.select(cursor).from(news).where(eq(news.id, id)))[0];
    },
    async page(filter, cursor, limit) {
      const key = filter.sort === 'LATEST' ? news.deliveryTime : news.likeCount;
      const where: (SQL | undefined)[] = [];
      if (filter.continent) where.push(eq(news.continent, filter.continent));
      if (filter.q) {
        const pattern = containsPattern(filter.q);
        where.push(or(ilike(news.title, pattern), ilike(news.content, pattern)));
      }
      if (cursor) {
        const after = filter.sort === 'LATEST' ? cursor.deliveryTime : cursor.likeCount;
        where.push(sql`(${key}, ${news.id}) < (${after}, ${cursor.id})`);
      }
      return db
        .select(columns)
        .from(news)
        .where(and(...where))
        .orderBy(desc(key), desc(news.id))
        .limit(limit);
    },
  };
}
