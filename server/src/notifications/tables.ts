import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../users/tables.js';

/** Notification kinds (docs/wire-contract.md#notifications). */
export const notificationTypes = ['REPORT', 'CHAT', 'DEBATE', 'FOLLOW'] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationStatuses = ['UNREAD', 'READ'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/**
 * One stored notification, kept whether or not the user allowed push. `typeId` is the number
 * the wire contract carries (follower id, report id, …); room notifications also keep the room
 * uuid in `roomId`, since the contract's typeId is numeric. Times are epoch milliseconds.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    typeId: integer('type_id').notNull(),
    roomId: text('room_id'),
    content: text('content').notNull(),
    status: text('status', { enum: notificationStatuses }).notNull().default('UNREAD'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_user_status_idx').on(t.userId, t.status),
  ],
);

/** A browser's Web Push subscription (RFC 8030 endpoint + RFC 8291 keys), keyed by its endpoint. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The user's "allow" flag from saveToken (`isAllow`). */
    allowed: integer('allowed', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * A Web Push waiting to be sent, written with its notification. Any node may send it: the one that
 * claims it holds it until `claimedUntil` (epoch ms; 0 = free), so it is sent once, and a node that
 * died while sending lets it go for another to send.
 */
export const pushOutbox = sqliteTable(
  'push_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    createdAt: integer('created_at').notNull(),
    claimedUntil: integer('claimed_until').notNull().default(0),
  },
  (t) => [index('push_outbox_claim_idx').on(t.claimedUntil, t.id)],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
