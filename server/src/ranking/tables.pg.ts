import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of tables.ts; ratings are double precision, the same 8-byte floats as SQLite's `real`. */
export const debaterRatings = pgTable(
  'debater_ratings',
  {
    userId: integer('user_id').primaryKey(),
    rating: doublePrecision('rating').notNull(),
    deviation: doublePrecision('deviation').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    games: integer('games').notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('debater_ratings_ranking_idx').on(t.deviation, t.rating)],
);

export const ratingChanges = pgTable(
  'rating_changes',
  {
    roomId: text('room_id').notNull(),
    userId: integer('user_id').notNull(),
    ratedAt: bigint('rated_at', { mode: 'number' }).notNull(),
    side: text('side', { enum: ['PRO', 'CON'] }).notNull(),
    outcome: text('outcome', { enum: ['win', 'draw', 'loss'] }).notNull(),
    ratingBefore: doublePrecision('rating_before').notNull(),
    rating: doublePrecision('rating').notNull(),
    deviation: doublePrecision('deviation').notNull(),
    volatility: doublePrecision('volatility').notNull(),
    games: integer('games').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('rating_changes_user_idx').on(t.userId, t.ratedAt, t.roomId),
    index('rating_changes_order_idx').on(t.ratedAt, t.roomId),
  ],
);

export const ratingSystem = pgTable('rating_system', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  computedAt: bigint('computed_at', { mode: 'number' }).notNull(),
});
