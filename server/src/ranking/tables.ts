import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Each member's current Glicko-2 rating (docs/ratings.md): the last rating change of that member,
 * kept apart so the ranking can sort and filter on it. Members without a row have never been rated.
 */
export const debaterRatings = sqliteTable(
  'debater_ratings',
  {
    userId: integer('user_id').primaryKey(),
    rating: real('rating').notNull(),
    deviation: real('deviation').notNull(),
    volatility: real('volatility').notNull(),
    games: integer('games').notNull(),
    /** The `at` of the result event of this member's last rated debate (idle deviation grows from it). */
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('debater_ratings_ranking_idx').on(t.deviation, t.rating)],
);

/**
 * What each rated debate did to each of its debaters: a projection of the rooms' result events,
 * in rating order (rated_at, room_id). It gives the result screen its "+12", the profile its
 * history, and a late result the ratings to start again from.
 */
export const ratingChanges = sqliteTable(
  'rating_changes',
  {
    roomId: text('room_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The `at` of the room's result event. */
    ratedAt: integer('rated_at').notNull(),
    side: text('side', { enum: ['PRO', 'CON'] }).notNull(),
    outcome: text('outcome', { enum: ['win', 'draw', 'loss'] }).notNull(),
    ratingBefore: real('rating_before').notNull(),
    rating: real('rating').notNull(),
    deviation: real('deviation').notNull(),
    volatility: real('volatility').notNull(),
    /** Rated debates of this member up to and including this one. */
    games: integer('games').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('rating_changes_user_idx').on(t.userId, t.ratedAt, t.roomId),
    index('rating_changes_order_idx').on(t.ratedAt, t.roomId),
  ],
);

/**
 * One row naming the rating system the stored ratings were computed with. When it differs from
 * the running one (ratings of another system, or changed parameters), start-up recomputes
 * every rating from the logs.
 */
export const ratingSystem = sqliteTable('rating_system', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  computedAt: integer('computed_at').notNull(),
});
