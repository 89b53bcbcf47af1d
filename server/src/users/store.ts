import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Provider } from '../config.js';
import { users, type Role, type UserRow } from './tables.js';

/** The key nicknames are compared by: uniqueness ignores case. */
export const nicknameKey = (nickname: string): string => nickname.toLowerCase();

/** True when SQLite refused a write because of a unique index (e.g. a nickname race). */
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

/** The user with this nickname, ignoring case, or undefined. */
export function findUserByNickname(db: Db, nickname: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(eq(users.nicknameKey, nicknameKey(nickname)))
    .get();
}

/** Whether another user (not `exceptUserId`) already holds this nickname, ignoring case. */
export function isNicknameTaken(db: Db, nickname: string, exceptUserId?: number): boolean {
  const key = eq(users.nicknameKey, nicknameKey(nickname));
  const where = exceptUserId === undefined ? key : and(key, ne(users.id, exceptUserId));
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
    .values({ ...user, nicknameKey: nicknameKey(user.nickname) })
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
export function updateUser(db: Db, id: number, change: ProfileChange): UserRow | undefined {
  const values = {
    ...change,
    ...(change.nickname === undefined ? {} : { nicknameKey: nicknameKey(change.nickname) }),
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
