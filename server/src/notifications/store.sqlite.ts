import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { notificationValues, type NotificationStore } from './store.js';
import { notifications, type NotificationType } from './tables.js';

const owned = (id: number, userId: number) => and(eq(notifications.id, id), eq(notifications.userId, userId));
const sameSince = (userId: number, type: NotificationType, typeId: number, since: Date) =>
  and(
    eq(notifications.userId, userId),
    eq(notifications.type, type),
    eq(notifications.typeId, typeId),
    gte(notifications.createdAt, since.getTime()),
  );
const unread = (userId: number) => and(eq(notifications.userId, userId), eq(notifications.status, 'UNREAD'));

/** The notification store on SQLite. */
export function sqliteNotificationStore(db: Db): NotificationStore {
  return {
    async insert(ns) {
      if (ns.length === 0) return [];
      return db.insert(notifications).values(ns.map(notificationValues)).returning().all();
    },
    async hasSince(userId, type, typeId, since) {
      return (
        db
          .select({ id: notifications.id })
          .from(notifications)
          .where(sameSince(userId, type, typeId, since))
          .limit(1)
          .get() !== undefined
      );
    },
    async page(userId, pageIndex, size) {
      const mine = eq(notifications.userId, userId);
      const rows = db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.id))
        .limit(size)
        .offset(pageIndex * size)
        .all();
      const total = db.select({ n: count() }).from(notifications).where(mine).get()?.n ?? 0;
      return { rows, total };
    },
    async countUnread(userId) {
      return db.select({ n: count() }).from(notifications).where(unread(userId)).get()?.n ?? 0;
    },
    async markRead(id, userId, at) {
      const read = { status: 'READ' as const, updatedAt: at.getTime() };
      if (
        db
          .update(notifications)
          .set(read)
          .where(and(owned(id, userId), unread(userId)))
          .run().changes > 0
      )
        return true;
      return db.select({ id: notifications.id }).from(notifications).where(owned(id, userId)).get() !== undefined;
    },
    async markAllRead(userId, at) {
      return db.update(notifications).set({ status: 'READ', updatedAt: at.getTime() }).where(unread(userId)).run()
        .changes;
    },
    async remove(id, userId) {
      return db.delete(notifications).where(owned(id, userId)).run().changes > 0;
    },
    async removeAll(userId) {
      return db.delete(notifications).where(eq(notifications.userId, userId)).run().changes;
    },
  };
}
