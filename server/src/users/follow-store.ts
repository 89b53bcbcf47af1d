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

const person = { id: users.id, nickname: users.nickname, profileUrl: users.profileUrl, introduction: users.introduction };

/** Who follows `userId`, oldest follow first. */
export function listFollowers(db: Db, userId: number): FollowPerson[] {
  return db
    .select(person)
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(eq(follows.followeeId, userId))
    .orderBy(asc(follows.createdAt), asc(users.id))
    .all();
}

/** Whom `userId` follows, oldest follow first. */
export function listFollowees(db: Db, userId: number): FollowPerson[] {
  return db
    .select(person)
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followeeId))
    .where(eq(follows.followerId, userId))
    .orderBy(asc(follows.createdAt), asc(users.id))
    .all();
}
