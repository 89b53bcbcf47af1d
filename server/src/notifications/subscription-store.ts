import type { PushSubscriptionRow } from './tables.js';

export type PushSubscriptionInput = { endpoint: string; p256dh: string; auth: string };

/** Browsers' Web Push subscriptions (SQLite and PostgreSQL implement it alike). */
export interface PushSubscriptionStore {
  /**
   * Saves a browser's subscription for the user. An endpoint belongs to one browser, so a
   * subscription saved by another account on the same browser moves to this user. A user keeps
   * at most `keep` browsers: saving one more forgets the oldest (each push fans out to all of them).
   */
  save(userId: number, sub: PushSubscriptionInput, allowed: boolean, at: Date, keep: number): Promise<void>;
  /** The user's subscription with this endpoint, or undefined. */
  find(userId: number, endpoint: string): Promise<PushSubscriptionRow | undefined>;
  /** The subscriptions pushes go to: the user's, where the user allowed push. */
  allowed(userId: number): Promise<PushSubscriptionRow[]>;
  /** Forgets a subscription (the user removed it, or the push service says it expired). */
  remove(endpoint: string, userId?: number): Promise<boolean>;
}

/** The oldest of a user's other subscriptions that do not fit beside a new one when `keep` are allowed. */
export const beyondLimit = (others: readonly { endpoint: string }[], keep: number): string[] =>
  others.slice(0, Math.max(0, others.length - (keep - 1))).map((r) => r.endpoint);
