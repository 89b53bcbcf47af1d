import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Provider } from '../config.js';
import { keyList, nicknameKeys } from './nickname-skeleton.js';
import type { Role } from './roles.js';
import { users, type UserRow } from './tables.js';

/** The stored comparison keys of a nickname (see nickname-skeleton.ts). */
const keyColumns = (nickname: string) => {
  const keys = nicknameKeys(nickname);
  return { nicknameKey: keys.caseless, nicknameSkeleton: keys.visual };
};

/** Rows whose nickname looks like this one: either of its keys equals either key of theirs. */
const looksLike = (nickname: string) => {
  const keys = keyList(nicknameKeys(nickname));
  return or(inArray(users.nicknameKey, keys), inArray(users.nicknameSkeleton, keys))!;
};

/** True when SQLite refused a write because of a unique index (e.g. a sign-in race). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** One user by id, or undefined. */
export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** The user signed in through (provider, subject), or undefined. */
export function findUserByIdentity(db: Db, provider: Provider, subject: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.provider, provider), eq(users.subject, subject)))
    .get();
}

/**
 * The users whose nickname looks like this one (case, compatibility forms and look-alike letters aside), oldest first.
 */
export function findUsersByNickname(db: Db, nickname: string): UserRow[] {
  return db.select().from(users).where(looksLike(nickname)).orderBy(asc(users.id)).limit(20).all();
}

/** Ids of the staff accounts (role ROLE_ADMIN), for the 운영자 badge; a few, bounded all the same. */
export function listStaffIds(db: Db): number[] {
  return db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'ROLE_ADMIN'))
    .orderBy(asc(users.id))
    .limit(1000)
    .all()
    .map((r) => r.id);
}

/** Whether another user (not `exceptUserId`) already holds a nickname that looks like this one. */
export function isNicknameTaken(db: Db, nickname: string, exceptUserId?: number): boolean {
  const where = exceptUserId === undefined ? looksLike(nickname) : and(looksLike(nickname), ne(users.id, exceptUserId));
  return db.select({ id: users.id }).from(users).where(where).get() !== undefined;
}

export type NewUser = {
  provider: Provider;
  subject: string;
  nickname: string;
  role: Role;
  profileUrl?: string | null;
  introduction?: string | null;
  winNumber?: number;
  drawNumber?: number;
  defeatNumber?: number;
};

/** Inserts a user; throws a unique violation when the identity or nickname is taken. */
export function insertUser(db: Db, user: NewUser): UserRow {
  return db
    .insert(users)
    .values({ ...user, ...keyColumns(user.nickname) })
    .returning()
    .get();
}

export type ProfileChange = {
  nickname?: string;
  introduction?: string | null;
  profileUrl?: string | null;
  newsListsPrivate?: boolean;
  role?: Role;
};

/** Writes only the given fields (omitted ones stay as they are). */
function updateUser(db: Db, id: number, change: ProfileChange): UserRow | undefined {
  const values = {
    ...change,
    ...(change.nickname === undefined ? {} : keyColumns(change.nickname)),
    updatedAt: new Date(),
  };
  return db.update(users).set(values).where(eq(users.id, id)).returning().get();
}

/**
 * Like updateUser, and also returns the profile picture the row had just before, read in the
 * same transaction: of two edits racing to replace the picture, each learns the one it replaced.
 */
export function updateUserReplacing(
  db: Db,
  id: number,
  change: ProfileChange,
): { row: UserRow; previousProfileUrl: string | null } | undefined {
  return db.transaction((tx) => {
    const before = tx.select({ profileUrl: users.profileUrl }).from(users).where(eq(users.id, id)).get();
    const row = before && updateUser(tx, id, change);
    return row && { row, previousProfileUrl: before.profileUrl };
  });
}

/** Sets a role; a suspension carries its end, every other role clears it. */
export function setRole(db: Db, id: number, role: Role, suspendedUntil: Date | null = null): void {
  db.update(users)
    .set({ role, suspendedUntil: role === 'ROLE_SUSPENDED' ? suspendedUntil : null, updatedAt: new Date() })
    .where(eq(users.id, id))
    .run();
}

/** Revokes every access token of a user: tokens of an older version are refused from now on. */
export function raiseTokenVersion(db: Db, id: number): void {
  db.update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id))
    .run();
}

export type DebateOutcome = 'WIN' | 'DRAW' | 'LOSS';

/** Adds one win, draw or loss to a user's record (called by the debates feature for debaters only). */
export function recordOutcome(db: Db, userId: number, outcome: DebateOutcome): void {
  const column = { WIN: users.winNumber, DRAW: users.drawNumber, LOSS: users.defeatNumber }[outcome];
  const key = { WIN: 'winNumber', DRAW: 'drawNumber', LOSS: 'defeatNumber' }[outcome];
  db.update(users)
    .set({ [key]: sql`${column} + 1` })
    .where(eq(users.id, userId))
    .run();
}

/** Up to `limit` users whose nickname keys have not been computed yet (rows older than the skeletons). */
export function usersWithoutSkeleton(db: Db, limit: number): Pick<UserRow, 'id' | 'nickname'>[] {
  return db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(isNull(users.nicknameSkeleton))
    .orderBy(asc(users.id))
    .limit(limit)
    .all();
}

/** Stores the comparison keys of a user's nickname as it stands (the nickname itself is left alone). */
export function storeNicknameKeys(db: Db, id: number, nickname: string): void {
  db.update(users).set(keyColumns(nickname)).where(eq(users.id, id)).run();
}

/** Pairs of users whose nicknames look alike (only rows stored before the skeletons can be such pairs). */
export function nicknameCollisionPairs(db: Db): [number, number][] {
  const rows = db.all<{ a: number; b: number }>(sql`
    WITH k(id, key) AS (
      SELECT id, nickname_key FROM users
      UNION SELECT id, nickname_skeleton FROM users WHERE nickname_skeleton IS NOT NULL
    )
    SELECT DISTINCT x.id AS a, y.id AS b FROM k x JOIN k y ON x.key = y.key AND x.id < y.id
    ORDER BY a, b LIMIT 1000`);
  return rows.map((r) => [r.a, r.b]);
}
