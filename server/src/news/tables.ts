import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../users/tables.js';
import type { Category, Continent, Publisher } from './codes.js';

/**
 * News items. `like_count` and `bookmark_count` are exact counters kept in the same
 * transaction as the like/bookmark rows, so lists never count through joins.
 * Times are epoch milliseconds.
 */
export const news = sqliteTable(
  'news',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Where the article is read: absolute for ingested items, a path on our server for the demo corpus. */
    link: text('link').notNull(),
    /** Dedupe key: the link without tracking parameters, fragment, `www.` and scheme differences. */
    canonicalLink: text('canonical_link').notNull(),
    imgUrl: text('img_url'),
    newsType: text('news_type').$type<Publisher>().notNull(),
    continent: text('continent').$type<Continent>().notNull(),
    category: text('category').$type<Category>().notNull(),
    deliveryTime: integer('delivery_time').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('news_canonical_link_uq').on(t.canonicalLink),
    // Keyset orders: LATEST = (delivery_time, id), POPULAR = (like_count, id), each also per continent.
    index('news_latest_idx').on(t.deliveryTime, t.id),
    index('news_popular_idx').on(t.likeCount, t.id),
    index('news_continent_latest_idx').on(t.continent, t.deliveryTime, t.id),
    index('news_continent_popular_idx').on(t.continent, t.likeCount, t.id),
    // Ranking: likes, then newest first among ties.
    index('news_ranking_idx').on(t.likeCount, t.deliveryTime, t.id),
  ],
);

/** One row per (user, news): a like or a bookmark. Same shape for both, so one builder. */
function reactionTable<const N extends string>(name: N) {
  return sqliteTable(
    name,
    {
      id: integer('id').primaryKey({ autoIncrement: true }),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      newsId: integer('news_id')
        .notNull()
        .references(() => news.id, { onDelete: 'cascade' }),
      createdAt: integer('created_at').notNull(),
    },
    (t) => [
      uniqueIndex(`${name}_user_news_uq`).on(t.userId, t.newsId),
      index(`${name}_news_idx`).on(t.newsId),
      index(`${name}_user_created_idx`).on(t.userId, t.createdAt, t.id),
    ],
  );
}

export const newsLikes = reactionTable('news_likes');
export const newsBookmarks = reactionTable('news_bookmarks');

export type NewsRow = typeof news.$inferSelect;
export type NewNewsRow = typeof news.$inferInsert;
