type FollowPerson = { id: number; nickname: string; profileUrl: string | null; introduction: string | null };

/** Who follows whom (SQLite and PostgreSQL implement it alike). */
export interface FollowStore {
  /** Adds the follow; false when it already existed (follows are idempotent, also under concurrent requests). */
  add(followerId: number, followeeId: number): Promise<boolean>;
  /** Removes the follow; false when there was none. */
  remove(followerId: number, followeeId: number): Promise<boolean>;
  /**
   * One side of a user's follows, oldest follow first: 'followers' are who follow `userId`,
   * 'followees' are whom `userId` follows.
   */
  list(userId: number, side: 'followers' | 'followees'): Promise<FollowPerson[]>;
}
