import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.pg.js';
import type { Category, Continent, Publisher } from './codes.js';

/**
 * PostgreSQL twin of tables.ts. Korean search uses pg_trgm GIN indexes on title and content
 * (SQLite uses an FTS5 trigram table instead): ILIKE '%term%' then reads matches off the index.
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
  },
  (t) => [
    uniqueIndex('news_canonical_link_uq').on(t.canonicalLink),
    index('news_latest_idx').on(t.deliveryTime, t.id),
    index('news_popular_idx').on(t.likeCount, t.id),
    index('news_continent_latest_idx').on(t.continent, t.deliveryTime, t.id),
    index('news_continent_popular_idx').on(t.continent, t.likeCount, t.id),
    index('news_ranking_idx').on(t.likeCount, t.deliveryTime, t.id),
    index('news_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('news_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
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
