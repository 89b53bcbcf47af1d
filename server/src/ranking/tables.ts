import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * Each debater's Elo rating (see rating.ts), kept in thousandths of a point as an integer
 * (drizzle-kit 0.31 cannot generate `real` columns here); users without a row are at the initial rating.
 */
export const debaterRatings = sqliteTable('debater_ratings', {
  userId: integer('user_id').primaryKey(),
  ratingMilli: integer('rating_milli').notNull(),
  games: integer('games').notNull().default(0),
  updatedAt: integer('updated_at').notNull(),
});
