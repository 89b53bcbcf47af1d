import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** PostgreSQL twin of tables.ts. */
export const debaterSwings = pgTable(
  'debater_swings',
  {
    roomId: text('room_id').notNull(),
    userId: integer('user_id').notNull(),
    side: text('side', { enum: ['PRO', 'CON'] }).notNull(),
    swing: integer('swing').notNull(),
    measuredAt: bigint('measured_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('debater_swings_user_idx').on(t.userId)],
);
