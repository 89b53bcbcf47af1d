import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * What each measured debate did for each of its debaters (docs/persuasion.md): the percentage
 * points their side gained among the viewers between the first speech and the vote. A projection
 * of the room logs, written when a debate ends; a member's 설득력 is the average over their rows.
 */
export const debaterSwings = sqliteTable(
  'debater_swings',
  {
    roomId: text('room_id').notNull(),
    userId: integer('user_id').notNull(),
    side: text('side', { enum: ['PRO', 'CON'] }).notNull(),
    /** Percentage points the debater's side gained (negative when it lost ground). */
    swing: integer('swing').notNull(),
    /** The `at` of the event that ended the room. */
    measuredAt: integer('measured_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('debater_swings_user_idx').on(t.userId)],
);
