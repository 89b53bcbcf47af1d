import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notifications, type NotificationRow, type NotificationType } from './tables.js';

export type NewNotification = {
  userId: number;
  type: NotificationType;
  typeId: number;
  roomId?: string | null;
  content: string;
  at: Date;
};

/** Stores an unread notification and returns it. */
export function insertNotification(db: Db, n: NewNotification): NotificationRow {
  const at = n.at.getTime();
  return db
    .insert(notifications)
    .values({
      userId: n.userId,
      type: n.type,
      typeId: n.typeId,
      roomId: n.roomId ?? null,
      content: n.content,
      createdAt: at,
      updatedAt: at,
    })
    .returning()
    .get();
}

/** Whether the user already has a notification of this kind about `typeId` created at or after `since`. */
export function hasNotificationSince(
  db: Db,
  userId: number,
  type: NotificationType,
  typeId: number,
  since: Date,
): boolean {
  const row = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        eq(notifications.typeId, typeId),
        gte(notifications.createdAt, since.getTime()),
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

/** One page (0-based index) of a user's notifications, newest first, with the total count. */
export function pageNotifications(
  db: Db,
  userId: number,
  pageIndex: number,
  size: number,
): { rows: NotificationRow[]; total: number } {
  const rows = db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(size)
    .offset(pageIndex * size)
    .all();
  const total = db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)).get()?.n ?? 0;
  return { rows, total };
}

/** How many of a user's notifications are unread. */
export function countUnread(db: Db, userId: number): number {
  return (
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.status, 'UNREAD')))
      .get()?.n ?? 0
  );
}

const owned = (id: number, userId: number) => and(eq(notifications.id, id), eq(notifications.userId, userId));

/** Marks one of the user's notifications read; false when the user has no notification with that id. */
export function markRead(db: Db, id: number, userId: number, at: Date): boolean {
  const row = db.select({ status: notifications.status }).from(notifications).where(owned(id, userId)).get();
  if (!row) return false;
  // Reading twice changes nothing, so the list stays byte-for-byte the same.
  if (row.status === 'UNREAD')
    db.update(notifications).set({ status: 'READ', updatedAt: at.getTime() }).where(owned(id, userId)).run();
  return true;
}

/** Marks every unread notification of the user read; returns how many changed. */
export function markAllRead(db: Db, userId: number, at: Date): number {
  return db
    .update(notifications)
    .set({ status: 'READ', updatedAt: at.getTime() })
    .where(and(eq(notifications.userId, userId), eq(notifications.status, 'UNREAD')))
    .run().changes;
}

/** Deletes one of the user's notifications; false when the user has none with that id. */
export function removeNotification(db: Db, id: number, userId: number): boolean {
  return db.delete(notifications).where(owned(id, userId)).run().changes > 0;
}

/** Deletes every notification of the user; returns how many. */
export function removeAllNotifications(db: Db, userId: number): number {
  return db.delete(notifications).where(eq(notifications.userId, userId)).run().changes;
}
