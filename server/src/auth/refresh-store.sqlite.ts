import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { RefreshTokenStore } from './refresh-store.js';
import { refreshTokens } from './tables.js';

/** The refresh-token store on SQLite. */
export function sqliteRefreshTokenStore(db: Db): RefreshTokenStore {
  return {
    async insert(row) {
      db.insert(refreshTokens).values(row).run();
    },
    async find(tokenHash) {
      return db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
    },
    async markUsed(tokenHash, at) {
      const unused = and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt));
      return db.update(refreshTokens).set({ usedAt: at }).where(unused).run().changes > 0;
    },
    async revokeFamily(familyId, at) {
      const live = and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt));
      db.update(refreshTokens).set({ revokedAt: at }).where(live).run();
    },
    async revokeUser(userId, at) {
      const live = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
      return db.update(refreshTokens).set({ revokedAt: at }).where(live).run().changes;
    },
  };
}
