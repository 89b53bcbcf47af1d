import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.pg.js';
import type { Category, Continent, Publisher } from './codes.js';

/**
 * PostgreSQL twin of tables.ts, plus one column of its own for search: `grams`, the distinct one-
 * and two-character grams of title and content (grams.ts), written by the news store in the
 * statement that inserts the item and indexed by GIN (SQLite keeps the same grams in an FTS5 table,
 * and a trigram FTS5 table besides). A short term is found by its gram alone, a longer one by the
 * rows holding all its pairs, checked against the text. NULL marks a row stored before the column
 * existed (or copied in): start-up fills those, through the partial index.
 */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    link: text('link').notNull(),
    canonicalLink: text('canonical_link').notNull(),
    imgUrl: text('img_url'),
    newsType: text('news_type').$type<Publisher>().notNull(),
    continent: text('continent').$type<Continent>().notNull(),
    category: text('category').$type<Category>().notNull(),
    deliveryTime: bigint('delivery_time', { mode: 'number' }).notNull(),
    likeCount: integer('like_count').notNull().default(0),
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    grams: text('grams').array(),
  },
  (t) => [
    uniqueIndex('news_canonical_link_uq').on(t.canonicalLink),
    index('news_latest_idx').on(t.deliveryTime, t.id),
    index('news_popular_idx').on(t.likeCount, t.id),
    index('news_continent_latest_idx').on(t.continent, t.deliveryTime, t.id),
    index('news_continent_popular_idx').on(t.continent, t.likeCount, t.id),
    index('news_ranking_idx').on(t.likeCount, t.deliveryTime, t.id),
    index('news_grams_idx').using('gin', t.grams),
    index('news_grams_pending_idx')
      .on(t.id)
      .where(sql`${t.grams} IS NULL`),
  ],
);

function reactionTable<const N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      newsId: integer('news_id')
        .notNull()
        .references(() => news.id, { onDelete: 'cascade' }),
      createdAt: bigint('created_at', { mode: 'number' }).notNull(),
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
