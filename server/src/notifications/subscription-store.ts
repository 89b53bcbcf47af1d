import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pushSubscriptions, type PushSubscriptionRow } from './tables.js';

export type PushSubscriptionInput = { endpoint: string; p256dh: string; auth: string };

/**
 * Saves a browser's subscription for the user. An endpoint belongs to one browser, so a
 * subscription saved by another account on the same browser moves to this user. A user keeps
 * at most `keep` browsers: saving one more forgets the oldest (each push fans out to all of them).
 */
export function saveSubscription(
  db: Db,
  userId: number,
  sub: PushSubscriptionInput,
  allowed: boolean,
  at: Date,
  keep: number,
): void {
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
    const surplus = others.slice(0, Math.max(0, others.length - (keep - 1))).map((r) => r.endpoint);
    if (surplus.length > 0) tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.endpoint, surplus)).run();
  });
}

/** The user's subscription with this endpoint, or undefined. */
export function findSubscription(db: Db, userId: number, endpoint: string): PushSubscriptionRow | undefined {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .get();
}

/** The subscriptions pushes go to: the user's, where the user allowed push. */
export function allowedSubscriptions(db: Db, userId: number): PushSubscriptionRow[] {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.allowed, true)))
    .all();
}

/** Forgets a subscription (the user removed it, or the push service says it expired). */
export function deleteSubscription(db: Db, endpoint: string, userId?: number): boolean {
  const where =
    userId === undefined
      ? eq(pushSubscriptions.endpoint, endpoint)
      : and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId));
  return db.delete(pushSubscriptions).where(where).run().changes > 0;
}
