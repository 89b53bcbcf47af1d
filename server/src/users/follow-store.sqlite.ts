import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { FollowStore } from './follow-store.js';
import { follows, users } from './tables.js';

/** The follow store on SQLite. */
export function sqliteFollowStore(db: Db): FollowStore {
  return {
    async add(followerId, followeeId) {
      return db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().run().changes > 0;
    },
    async remove(followerId, followeeId) {
      const where = and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));
      return db.delete(follows).where(where).run().changes > 0;
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
        .orderBy(asc(follows.createdAt), asc(users.id))
        .all();
    },
  };
}
