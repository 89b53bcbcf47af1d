import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { beyondLimit, type PushSubscriptionStore } from './subscription-store.js';
import { pushSubscriptions } from './tables.js';

/** The push-subscription store on SQLite. */
export function sqlitePushSubscriptionStore(db: Db): PushSubscriptionStore {
  return {
    async save(userId, sub, allowed, at, keep) {
      db.transaction((tx) => {
        tx.insert(pushSubscriptions)
          .values({ ...sub, userId, allowed, createdAt: at.getTime() })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: sub.p256dh, auth: sub.auth, allowed, createdAt: at.getTime() },
          })
          .run();
        const others = tx
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, sub.endpoint)))
          .orderBy(asc(pushSubscriptions.createdAt))
          .all();
        const surplus = beyondLimit(others, keep);
        if (surplus.length > 0) tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, surplus)).run();
      });
    },
    async find(userId, endpoint) {
      return db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
        .get();
    },
    async allowed(userId) {
      return db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.allowed, true)))
        .all();
    },
    async remove(endpoint, userId) {
      const byEndpoint = eq(pushSubscriptions.endpoint, endpoint);
      const where = userId === undefined ? byEndpoint : and(byEndpoint, eq(pushSubscriptions.userId, userId));
      return db.delete(pushSubscriptions).where(where).run().changes > 0;
    },
  };
}
