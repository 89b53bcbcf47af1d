import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { containsPattern } from '../db/like-pattern.js';
import { keyList, nicknameKeys } from './nickname-skeleton.js';
import {
  changedValues,
  keyColumns,
  NICKNAME_COLLISION_PAIRS,
  outcomeColumn,
  searchKey,
  type UserStore,
} from './store.js';
import { follows, users } from './tables.js';

/** Rows whose nickname looks like this one: either of its keys equals either key of theirs. */
const looksLike = (nickname: string) => {
  const keys = keyList(nicknameKeys(nickname));
  return or(inArray(users.nicknameKey, keys), inArray(users.nicknameSkeleton, keys))!;
};

/** The users store on SQLite. */
export function sqliteUserStore(db: Db): UserStore {
  // Every authenticated request reads its user: prepared once (on first use), not built and compiled per call.
  let byId: ReturnType<typeof prepareById> | undefined;
  const prepareById = () =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare();
  const findById = async (id: number) => (byId ??= prepareById()).get({ id });
  return {
    findById,
    async findByIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]))
        .all();
    },
    // One connection and one writer: the transaction already holds the whole database.
    lock: findById,
    async findByIdentity(provider, subject) {
      return db
        .select()
        .from(users)
        .where(and(eq(users.provider, provider), eq(users.subject, subject)))
        .get();
    },
    async findByNickname(nickname) {
      return db.select().from(users).where(looksLike(nickname)).orderBy(asc(users.id)).limit(20).all();
    },
    async isNicknameTaken(nickname, exceptUserId) {
      const where =
        exceptUserId === undefined ? looksLike(nickname) : and(looksLike(nickname), ne(users.id, exceptUserId));
      return db.select({ id: users.id }).from(users).where(where).get() !== undefined;
    },
    // One writer at a time: the caller's transaction already runs alone.
    async holdNicknames() {},
    async staffIds() {
      return db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'ROLE_ADMIN'))
        .orderBy(asc(users.id))
        .limit(1000)
        .all()
        .map((r) => r.id);
    },
    async profileUrlsInUse(urls) {
      if (urls.length === 0) return [];
      const rows = db
        .selectDistinct({ url: users.profileUrl })
        .from(users)
        .where(inArray(users.profileUrl, [...urls]))
        .all();
      return rows.map((r) => r.url!);
    },
    async insert(user) {
      return db
        .insert(users)
        .values({ ...user, ...keyColumns(user.nickname) })
        .returning()
        .get();
    },
    async update(id, change, onlyIfRole) {
      const where = onlyIfRole === undefined ? eq(users.id, id) : and(eq(users.id, id), eq(users.role, onlyIfRole));
      return db.transaction((tx) => {
        const before = tx.select({ profileUrl: users.profileUrl }).from(users).where(where).get();
        const row = before && tx.update(users).set(changedValues(change)).where(where).returning().get();
        return row && { row, previousProfileUrl: before.profileUrl };
      });
    },
    async setRole(id, role, suspendedUntil = null) {
      db.update(users)
        .set({ role, suspendedUntil: role === 'ROLE_SUSPENDED' ? suspendedUntil : null, updatedAt: new Date() })
        .where(eq(users.id, id))
        .run();
    },
    async raiseTokenVersion(id) {
      db.update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id))
        .run();
    },
    async liftExpiredSuspension(id, now) {
      db.update(users)
        .set({ role: 'ROLE_MEMBER', suspendedUntil: null, updatedAt: now })
        .where(and(eq(users.id, id), eq(users.role, 'ROLE_SUSPENDED'), lte(users.suspendedUntil, now)))
        .run();
    },
    async recordOutcomes(outcomes) {
      for (const { userId, outcome } of outcomes) {
        const key = outcomeColumn[outcome];
        db.update(users)
          .set({ [key]: sql`${users[key]} + 1` })
          .where(eq(users.id, userId))
          .run();
      }
    },
    async memberStandings(ids, query) {
      if (ids.length === 0) return [];
      const conditions: SQL[] = [eq(users.role, 'ROLE_MEMBER'), inArray(users.id, [...ids])];
      const needle = searchKey(query);
      if (needle) conditions.push(sql`${users.nicknameKey} LIKE ${containsPattern(needle)} ESCAPE '\\'`);
      return db
        .select({
          id: users.id,
          nickname: users.nickname,
          profileUrl: users.profileUrl,
          introduction: users.introduction,
          totalFollowers: sql<number>`(SELECT count(*) FROM ${follows} WHERE ${follows.followeeId} = ${users.id})`,
          totalFollowees: sql<number>`(SELECT count(*) FROM ${follows} WHERE ${follows.followerId} = ${users.id})`,
          wins: users.winNumber,
          draws: users.drawNumber,
          losses: users.defeatNumber,
        })
        .from(users)
        .where(and(...conditions))
        .all();
    },
    async withoutSkeleton(limit) {
      return db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(isNull(users.nicknameSkeleton))
        .orderBy(asc(users.id))
        .limit(limit)
        .all();
    },
    async storeNicknameKeys(id, nickname) {
      db.update(users).set(keyColumns(nickname)).where(eq(users.id, id)).run();
    },
    async nicknameCollisionPairs() {
      return db.all<{ a: number; b: number }>(NICKNAME_COLLISION_PAIRS).map((r) => [r.a, r.b]);
    },
  };
}
