import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { refreshTokens } from './tables.js';

export type RefreshRow = typeof refreshTokens.$inferSelect;

/** Stores a new refresh token (by hash) in a family. */
export function insertRefreshToken(
  db: Db,
  row: { tokenHash: string; userId: number; familyId: string; expiresAt: Date },
): void {
  db.insert(refreshTokens).values(row).run();
}

/** The stored row for a token hash, or undefined. */
export function findRefreshToken(db: Db, tokenHash: string): RefreshRow | undefined {
  return db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
}

/** Marks a token spent; returns false if someone spent it first. */
export function markRefreshTokenUsed(db: Db, tokenHash: string, at: Date): boolean {
  const result = db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .run();
  return result.changes > 0;
}

/** Revokes every token of a family (reuse of a spent token was detected). */
export function revokeFamily(db: Db, familyId: string, at: Date): void {
  db.update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .run();
}

/** Revokes every token of a user (sanctions take effect at once). */
export function revokeUserTokens(db: Db, userId: number, at: Date): number {
  return db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .run().changes;
}
