import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { follows, users } from './tables.js';

/** Adds the follow; returns false when it already existed (follows are idempotent). */
export function addFollow(db: Db, followerId: number, followeeId: number): boolean {
  const result = db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().run();
  return result.changes > 0;
}

/** Removes the follow; returns false when there was none. */
export function removeFollow(db: Db, followerId: number, followeeId: number): boolean {
  const result = db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .run();
  return result.changes > 0;
}

export type FollowPerson = { id: number; nickname: string; profileUrl: string | null; introduction: string | null };

const person = {
  id: users.id,
  nickname: users.nickname,
  profileUrl: users.profileUrl,
  introduction: users.introduction,
};

/**
 * One side of a user's follows, oldest follow first: 'followers' are who follow `userId`,
 * 'followees' are whom `userId` follows.
 */
export function listFollows(db: Db, userId: number, side: 'followers' | 'followees'): FollowPerson[] {
  const [other, self] =
    side === 'followers' ? [follows.followerId, follows.followeeId] : [follows.followeeId, follows.followerId];
  return db
    .select(person)
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(eq(self, userId))
    .orderBy(asc(follows.createdAt), asc(users.id))
    .all();
}
