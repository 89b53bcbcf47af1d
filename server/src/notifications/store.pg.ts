import { and, count, desc, eq, gte } from 'drizzle-orm';
import { changes, type PgDb } from '../db/postgres.js';
import { notificationValues, type NotificationStore } from './store.js';
import type { NotificationType } from './tables.js';
import { notifications } from './tables.pg.js';

const owned = (id: number, userId: number) => and(eq(notifications.id, id), eq(notifications.userId, userId));
const sameSince = (userId: number, type: NotificationType, typeId: number, since: Date) =>
  and(
    eq(notifications.userId, userId),
    eq(notifications.type, type),
    eq(notifications.typeId, typeId),
    gte(notifications.createdAt, since.getTime()),
  );
const unread = (userId: number) => and(eq(notifications.userId, userId), eq(notifications.status, 'UNREAD'));

/** The notification store on PostgreSQL. */
export function pgNotificationStore(db: PgDb): NotificationStore {
  const counted = async (where: ReturnType<typeof unread>) =>
    (await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0;
  return {
    async insert(ns) {
      if (ns.length === 0) return [];
      return db.insert(notifications).values(ns.map(notificationValues)).returning();
    },
    async hasSince(userId, type, typeId, since) {
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(sameSince(userId, type, typeId, since))
        .limit(1);
      return rows.length > 0;
    },
    async page(userId, pageIndex, size) {
      const mine = eq(notifications.userId, userId);
      const rows = await db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.id))
        .limit(size)
        .offset(pageIndex * size);
      return { rows, total: await counted(mine) };
    },
    countUnread: (userId) => counted(unread(userId)),
    async markRead(id, userId, at) {
      const read = { status: 'READ' as const, updatedAt: at.getTime() };
      if (
        changes(
          await db
            .update(notifications)
            .set(read)
            .where(and(owned(id, userId), unread(userId))),
        ) > 0
      )
        return true;
      return (await db.select({ id: notifications.id }).from(notifications).where(owned(id, userId))).length > 0;
    },
    async markAllRead(userId, at) {
      return changes(
        await db.update(notifications).set({ status: 'READ', updatedAt: at.getTime() }).where(unread(userId)),
      );
    },
    async remove(id, userId) {
      return changes(await db.delete(notifications).where(owned(id, userId))) > 0;
    },
    async removeAll(userId) {
      return changes(await db.delete(notifications).where(eq(notifications.userId, userId)));
    },
  };
}
