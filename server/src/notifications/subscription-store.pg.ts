import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { changes, LOCK_PUSH_SUBSCRIPTIONS, type PgDb } from '../db/postgres.js';
import { beyondLimit, type PushSubscriptionStore } from './subscription-store.js';
import { pushSubscriptions } from './tables.pg.js';

/** The push-subscription store on PostgreSQL. */
export function pgPushSubscriptionStore(db: PgDb): PushSubscriptionStore {
  return {
    async save(userId, sub, allowed, at, keep) {
      await db.transaction(async (tx) => {
        // One save per user at a time: two browsers saved together must not both fit under the limit.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_PUSH_SUBSCRIPTIONS}, ${userId})`);
        await tx
          .insert(pushSubscriptions)
          .values({ ...sub, userId, allowed, createdAt: at.getTime() })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: sub.p256dh, auth: sub.auth, allowed, createdAt: at.getTime() },
          });
        const others = await tx
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, sub.endpoint)))
          .orderBy(asc(pushSubscriptions.createdAt));
        const surplus = beyondLimit(others, keep);
        if (surplus.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, surplus));
      });
    },
    async find(userId, endpoint) {
      const mine = and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId));
      return (await db.select().from(pushSubscriptions).where(mine))[0];
    },
    async allowed(userId) {
      return db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.allowed, true)));
    },
    async remove(endpoint, userId) {
      const byEndpoint = eq(pushSubscriptions.endpoint, endpoint);
      const where = userId === undefined ? byEndpoint : and(byEndpoint, eq(pushSubscriptions.userId, userId));
      return changes(await db.delete(pushSubscriptions).where(where)) > 0;
    },
  };
}
