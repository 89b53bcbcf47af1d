import { and, eq, isNull } from 'drizzle-orm';
import { changes, type PgDb } from '../db/postgres.js';
import type { RefreshTokenStore } from './refresh-store.js';
import { refreshTokens } from './tables.pg.js';

/** The refresh-token store on PostgreSQL. */
export function pgRefreshTokenStore(db: PgDb): RefreshTokenStore {
  return {
    async insert(row) {
      await db.insert(refreshTokens).values(row);
    },
    async find(tokenHash) {
      return (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0];
    },
    async markUsed(tokenHash, at) {
      const unused = and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt));
      return changes(await db.update(refreshTokens).set({ usedAt: at }).where(unused)) > 0;
    },
    async revokeFamily(familyId, at) {
      const live = and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt));
      await db.update(refreshTokens).set({ revokedAt: at }).where(live);
    },
    async revokeUser(userId, at) {
      const live = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
      return changes(await db.update(refreshTokens).set({ revokedAt: at }).where(live));
    },
  };
}
