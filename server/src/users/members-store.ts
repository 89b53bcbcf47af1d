import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { nicknameKeys } from './nickname-skeleton.js';
import { follows, users } from './tables.js';

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

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ordinary members only (no guests, admins or sanctioned accounts) among `ids`, optionally those
 * whose nickname contains `query` ignoring case and look-alike spellings (compared on the caseless
 * skeletons: a typed syllable 미 already finds 민), with follower and followee counts.
 */
export function listMemberStandings(db: Db, ids: readonly number[], query?: string): MemberStanding[] {
  if (ids.length === 0) return [];
  const conditions: SQL[] = [eq(users.role, 'ROLE_MEMBER'), inArray(users.id, [...ids])];
  const needle = query ? nicknameKeys(query).caseless : '';
  if (needle) conditions.push(sql`${users.nicknameKey} LIKE ${`%${escapeLike(needle)}%`} ESCAPE '\\'`);
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
}
