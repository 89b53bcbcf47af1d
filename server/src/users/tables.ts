import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { roles } from './roles.js';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider', { enum: ['google', 'kakao'] }).notNull(),
    subject: text('subject').notNull(),
    /** As chosen, in NFC (rows stored before that rule keep their form). */
    nickname: text('nickname').notNull(),
    /** The nickname's caseless confusable skeleton (nickname-skeleton.ts); uniqueness is decided on both keys. */
    nicknameKey: text('nickname_key').notNull(),
    /** The nickname's case-keeping confusable skeleton; null until start-up computes it for an older row. */
    nicknameSkeleton: text('nickname_skeleton'),
    introduction: text('introduction'),
    /** Absolute URL (provider picture) or a server path such as /uploads/<name>. */
    profileUrl: text('profile_url'),
    role: text('role', { enum: roles }).notNull().default('ROLE_GUEST'),
    suspendedUntil: integer('suspended_until', { mode: 'timestamp_ms' }),
    /** The owner keeps their saved and liked news lists to themselves (others get empty lists). */
    newsListsPrivate: integer('news_lists_private', { mode: 'boolean' }).notNull().default(false),
    /** Access tokens carry the version they were issued under; raising it revokes them all. */
    tokenVersion: integer('token_version').notNull().default(0),
    winNumber: integer('win_number').notNull().default(0),
    drawNumber: integer('draw_number').notNull().default(0),
    defeatNumber: integer('defeat_number').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    uniqueIndex('users_identity_uq').on(t.provider, t.subject),
    // Not unique: rows stored before confusable skeletons may collide, and staff settle those by hand.
    index('users_nickname_key_idx').on(t.nicknameKey),
    index('users_nickname_skeleton_idx').on(t.nicknameSkeleton),
  ],
);

export const follows = sqliteTable(
  'follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee_idx').on(t.followeeId)],
);

export type UserRow = typeof users.$inferSelect;
