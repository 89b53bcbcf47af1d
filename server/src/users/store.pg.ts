import { and, asc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { LOCK_NICKNAMES, type PgDb } from '../db/postgres.js';
import { containsPattern } from '../db/like-pattern.js';
import { keyList, nicknameKeys } from './nickname-skeleton.js';
import {
  changedValues,
  keyColumns,
  NICKNAME_COLLISION_PAIRS,
  searchKey,
  type DebateOutcome,
  type UserStore,
} from './store.js';
import { follows, users } from './tables.pg.js';

/** Rows whose nickname looks like this one: either of its keys equals either key of theirs. */
const looksLike = (nickname: string) => {
  const keys = keyList(nicknameKeys(nickname));
  return or(inArray(users.nicknameKey, keys), inArray(users.nicknameSkeleton, keys))!;
};

/** The users store on PostgreSQL. */
export function pgUserStore(db: PgDb): UserStore {
  const first = <T>(rows: T[]): T | undefined => rows[0];
  // Every authenticated request reads its user: a named statement, parsed and planned once per connection.
  let byId: ReturnType<typeof prepareById> | undefined;
  const prepareById = () =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('users_by_id');
  return {
    async findById(id) {
      return first(await (byId ??= prepareById()).execute({ id }));
    },
    async findByIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
    async lock(id) {
      return first(await db.select().from(users).where(eq(users.id, id)).for('update'));
    },
    async findByIdentity(provider, subject) {
      return first(
        await db
          .select()
          .from(users)
          .where(and(eq(users.provider, provider), eq(users.subject, subject))),
      );
    },
    async findByNickname(nickname) {
      return db.select().from(users).where(looksLike(nickname)).orderBy(asc(users.id)).limit(20);
    },
    async isNicknameTaken(nickname, exceptUserId) {
      const where =
        exceptUserId === undefined ? looksLike(nickname) : and(looksLike(nickname), ne(users.id, exceptUserId));
      return (await db.select({ id: users.id }).from(users).where(where).limit(1)).length > 0;
    },
    async holdNicknames() {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_NICKNAMES})`);
    },
    async staffIds() {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'ROLE_ADMIN'))
        .orderBy(asc(users.id))
        .limit(1000);
      return rows.map((r) => r.id);
    },
    async profileUrlsInUse(urls) {
      if (urls.length === 0) return [];
      const rows = await db
        .selectDistinct({ url: users.profileUrl })
        .from(users)
        .where(inArray(users.profileUrl, [...urls]));
      return rows.map((r) => r.url!);
    },
    async insert(user) {
      const [row] = await db
        .insert(users)
        .values({ ...user, ...keyColumns(user.nickname) })
        .returning();
      return row!;
    },
    async update(id, change, onlyIfRole) {
      const where = onlyIfRole === undefined ? eq(users.id, id) : and(eq(users.id, id), eq(users.role, onlyIfRole));
      return db.transaction(async (tx) => {
        // The row lock makes a racing edit wait, so each learns the picture it replaced.
        const [before] = await tx.select({ profileUrl: users.profileUrl }).from(users).where(where).for('update');
        if (!before) return undefined;
        const [row] = await tx.update(users).set(changedValues(change)).where(where).returning();
        return row && { row, previousProfileUrl: before.profileUrl };
      });
    },
    async setRole(id, role, suspendedUntil = null) {
      await db
        .update(users)
        .set({ role, suspendedUntil: role === 'ROLE_SUSPENDED' ? suspendedUntil : null, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
    async raiseTokenVersion(id) {
      await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
    },
    async liftExpiredSuspension(id, now) {
      await db
        .update(users)
        .set({ role: 'ROLE_MEMBER', suspendedUntil: null, updatedAt: now })
        .where(and(eq(users.id, id), eq(users.role, 'ROLE_SUSPENDED'), lte(users.suspendedUntil, now)));
    },
    async recordOutcomes(outcomes) {
      if (outcomes.length === 0) return;
      const sorted = [...outcomes].sort((a, b) => a.userId - b.userId);
      const ids = sql.param(sorted.map((o) => o.userId));
      const count = (outcome: DebateOutcome) => sql.param(sorted.map((o) => Number(o.outcome === outcome)));
      // The primary key's index scan of `id = any(...)` visits, and locks, the rows in id order, so
      // two endings with debaters in common never wait for each other crosswise.
      await db.execute(sql`
        UPDATE ${users} SET win_number = win_number + o.win, draw_number = draw_number + o.draw,
          defeat_number = defeat_number + o.loss
        FROM unnest(${ids}::int[], ${count('WIN')}::int[], ${count('DRAW')}::int[], ${count('LOSS')}::int[])
          AS o(id, win, draw, loss)
        WHERE ${users.id} = o.id AND ${users.id} = any(${ids}::int[])`);
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
          totalFollowers: sql<number>`(SELECT count(*) FROM ${follows} WHERE ${follows.followeeId} = ${users.id})::int`,
          totalFollowees: sql<number>`(SELECT count(*) FROM ${follows} WHERE ${follows.followerId} = ${users.id})::int`,
          wins: users.winNumber,
          draws: users.drawNumber,
          losses: users.defeatNumber,
        })
        .from(users)
        .where(and(...conditions));
    },
    async withoutSkeleton(limit) {
      return db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(isNull(users.nicknameSkeleton))
        .orderBy(asc(users.id))
        .limit(limit);
    },
    async storeNicknameKeys(id, nickname) {
      await db.update(users).set(keyColumns(nickname)).where(eq(users.id, id));
    },
    async nicknameCollisionPairs() {
      const { rows } = await db.execute<{ a: number; b: number }>(NICKNAME_COLLISION_PAIRS);
      return rows.map((r) => [r.a, r.b]);
    },
  };
}
