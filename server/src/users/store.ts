import { sql } from 'drizzle-orm';
import type { Provider } from '../config.js';
import { nicknameKeys } from './nickname-skeleton.js';
import type { Role } from './roles.js';
import type { UserRow } from './tables.js';

/** The stored comparison keys of a nickname (see nickname-skeleton.ts). */
export const keyColumns = (nickname: string) => {
  const keys = nicknameKeys(nickname);
  return { nicknameKey: keys.caseless, nicknameSkeleton: keys.visual };
};

type NewUser = {
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

export type ProfileChange = {
  nickname?: string;
  introduction?: string | null;
  profileUrl?: string | null;
  newsListsPrivate?: boolean;
  role?: Role;
};

export type DebateOutcome = 'WIN' | 'DRAW' | 'LOSS';

/** A saved profile and the picture it had before the save. */
export type UpdatedUser = { row: UserRow; previousProfileUrl: string | null };

/** The columns a profile change writes. */
export const changedValues = (change: ProfileChange) => ({
  ...change,
  ...(change.nickname === undefined ? {} : keyColumns(change.nickname)),
  updatedAt: new Date(),
});

/** Pairs of users whose nicknames share a key (same text in both dialects), lower id first, bounded. */
export const NICKNAME_COLLISION_PAIRS = sql`
  WITH k(id, key) AS (
    SELECT id, nickname_key FROM users
    UNION SELECT id, nickname_skeleton FROM users WHERE nickname_skeleton IS NOT NULL
  )
  SELECT DISTINCT x.id AS a, y.id AS b FROM k x JOIN k y ON x.key = y.key AND x.id < y.id
  ORDER BY a, b LIMIT 1000`;

/** The caseless key a member search matches nicknames by (empty: no search). */
export const searchKey = (query: string | undefined): string => (query ? nicknameKeys(query).caseless : '');

/** A member as the debater ranking lists them, with follow counts and record. */
export interface MemberStanding {
  readonly id: number;
  readonly nickname: string;
  readonly profileUrl: string | null;
  readonly introduction: string | null;
  readonly totalFollowers: number;
  readonly totalFollowees: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** Users: identities, profiles, roles and debate records (SQLite and PostgreSQL implement it alike). */
export interface UserStore {
  /** One user by id, or undefined. */
  findById(id: number): Promise<UserRow | undefined>;
  /** Some users by id (unknown ids are left out), in no particular order. */
  findByIds(ids: readonly number[]): Promise<UserRow[]>;
  /** Like findById, and holds the row until the transaction ends (PostgreSQL row lock). */
  lock(id: number): Promise<UserRow | undefined>;
  /** The user signed in through (provider, subject), or undefined. */
  findByIdentity(provider: Provider, subject: string): Promise<UserRow | undefined>;
  /** The users whose nickname looks like this one (case, compatibility forms, look-alikes aside), oldest first. */
  findByNickname(nickname: string): Promise<UserRow[]>;
  /** Whether another user (not `exceptUserId`) already holds a nickname that looks like this one. */
  isNicknameTaken(nickname: string, exceptUserId?: number): Promise<boolean>;
  /**
   * Inside the caller's transaction: nickname changes run one at a time until it ends, so a
   * look-alike check and the write after it cannot interleave with another's (PostgreSQL takes a
   * lock for it; SQLite's single writer already does this).
   */
  holdNicknames(): Promise<void>;
  /** Ids of the staff accounts (role ROLE_ADMIN), for the 운영자 badge; a few, bounded all the same. */
  staffIds(): Promise<number[]>;
  /** Which of these profile picture URLs some member still shows. */
  profileUrlsInUse(urls: readonly string[]): Promise<string[]>;
  /** Inserts a user; throws a unique violation when the identity is taken. */
  insert(user: NewUser): Promise<UserRow>;
  /**
   * Writes only the given fields (omitted ones stay as they are), only while the user holds
   * `onlyIfRole` when given (undefined otherwise); a taken nickname throws a unique violation.
   * Also returns the profile picture the row had just before, read in the same transaction: of
   * two edits racing to replace the picture, each learns the one it replaced.
   */
  update(id: number, change: ProfileChange, onlyIfRole?: Role): Promise<UpdatedUser | undefined>;
  /** Sets a role; a suspension carries its end, every other role clears it. */
  setRole(id: number, role: Role, suspendedUntil?: Date | null): Promise<void>;
  /** Revokes every access token of a user: tokens of an older version are refused from now on. */
  raiseTokenVersion(id: number): Promise<void>;
  /**
   * Back to ROLE_MEMBER if the user is still suspended with an end at or before `now` (one
   * conditional update, so a sanction written meanwhile is never overwritten).
   */
  liftExpiredSuspension(id: number, now: Date): Promise<void>;
  /**
   * Adds one win, draw or loss to each user's record (the debates feature calls it for a finished
   * debate's debaters, each once): one statement, the rows taken in user-id order.
   */
  recordOutcomes(outcomes: readonly { userId: number; outcome: DebateOutcome }[]): Promise<void>;
  /**
   * Ordinary members only (no guests, admins or sanctioned accounts) among `ids`, optionally those
   * whose nickname contains `query` ignoring case and look-alike spellings (compared on the caseless
   * skeletons: a typed syllable 미 already finds 민), with follower and followee counts.
   */
  memberStandings(ids: readonly number[], query?: string): Promise<MemberStanding[]>;
  /** Up to `limit` users whose nickname keys have not been computed yet (rows older than the skeletons). */
  withoutSkeleton(limit: number): Promise<Pick<UserRow, 'id' | 'nickname'>[]>;
  /** Stores the comparison keys of a user's nickname as it stands (the nickname itself is left alone). */
  storeNicknameKeys(id: number, nickname: string): Promise<void>;
  /** Pairs of users whose nicknames look alike (only rows stored before the skeletons can be such pairs). */
  nicknameCollisionPairs(): Promise<[number, number][]>;
}

/** The record column an outcome adds to. */
export const outcomeColumn = { WIN: 'winNumber', DRAW: 'drawNumber', LOSS: 'defeatNumber' } as const;
