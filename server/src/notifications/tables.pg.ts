import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.pg.js';
import { notificationStatuses, notificationTypes } from './tables.js';

/** PostgreSQL twin of tables.ts. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    typeId: integer('type_id').notNull(),
    roomId: text('room_id'),
    content: text('content').notNull(),
    status: text('status', { enum: notificationStatuses }).notNull().default('UNREAD'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_user_status_idx').on(t.userId, t.status),
  ],
);

export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    claimedUntil: bigint('claimed_until', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('push_outbox_claim_idx').on(t.claimedUntil, t.id)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    allowed: boolean('allowed').notNull().default(true),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
