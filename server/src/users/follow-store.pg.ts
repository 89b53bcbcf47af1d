import { and, asc, eq } from 'drizzle-orm';
import { changes, type PgDb } from '../db/postgres.js';
import type { FollowStore } from './follow-store.js';
import { follows, users } from './tables.pg.js';

/** The follow store on PostgreSQL; ON CONFLICT makes a concurrent repeat a no-op instead of an error. */
export function pgFollowStore(db: PgDb): FollowStore {
  return {
    async add(followerId, followeeId) {
      return changes(await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing()) > 0;
    },
    async remove(followerId, followeeId) {
      const where = and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
      return changes(await db.delete(follows).where(where)) > 0;
    },
    async list(userId, side) {
      const [other, self] =
        side === 'followers' ? [follows.followerId, follows.followeeId] : [follows.followeeId, follows.followerId];
      return db
        .select({
          id: users.id,
          nickname: users.nickname,
          profileUrl: users.profileUrl,
          introduction: users.introduction,
        })
        .from(follows)
        .innerJoin(users, eq(users.id, other))
        .where(eq(self, userId))
        .orderBy(asc(follows.createdAt), asc(users.id));
    },
  };
}
