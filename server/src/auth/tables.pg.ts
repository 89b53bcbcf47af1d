import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { msTimestamp, nowMs } from '../db/pg-columns.js';
import { users } from '../users/tables.pg.js';

/** PostgreSQL twin of tables.ts. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    expiresAt: msTimestamp('expires_at').notNull(),
    usedAt: msTimestamp('used_at'),
    revokedAt: msTimestamp('revoked_at'),
    createdAt: msTimestamp('created_at').notNull().default(nowMs),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);
