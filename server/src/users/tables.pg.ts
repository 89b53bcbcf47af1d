import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, msTimestamp, nowMs } from '../db/pg-columns.js';
import { roles } from './roles.js';

/** PostgreSQL twin of tables.ts (same tables, columns and indexes; the parity test compares them). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    provider: text('provider', { enum: ['google', 'kakao'] }).notNull(),
    subject: text('subject').notNull(),
    nickname: text('nickname').notNull(),
    nicknameKey: text('nickname_key').notNull(),
    nicknameSkeleton: text('nickname_skeleton'),
    introduction: text('introduction'),
    profileUrl: text('profile_url'),
    newsListsPrivate: boolean('news_lists_private').notNull().default(false),
    role: text('role', { enum: roles }).notNull().default('ROLE_GUEST'),
    suspendedUntil: msTimestamp('suspended_until'),
    tokenVersion: integer('token_version').notNull().default(0),
    winNumber: integer('win_number').notNull().default(0),
    drawNumber: integer('draw_number').notNull().default(0),
    defeatNumber: integer('defeat_number').notNull().default(0),
    createdAt: msTimestamp('created_at').notNull().default(nowMs),
    updatedAt: msTimestamp('updated_at').notNull().default(nowMs),
  },
  (t) => [
    uniqueIndex('users_identity_uq').on(t.provider, t.subject),
    index('users_nickname_key_idx').on(t.nicknameKey),
    index('users_nickname_skeleton_idx').on(t.nicknameSkeleton),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: msTimestamp('created_at').notNull().default(nowMs),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId)],
);

/**
 * Uploaded profile images, so any server process serves any image. Only on PostgreSQL: the
 * embedded SQLite server keeps them as files in DATA_DIR/uploads.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: msTimestamp('created_at').notNull().default(nowMs),
});
