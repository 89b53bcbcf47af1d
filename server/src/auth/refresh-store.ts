import type { refreshTokens } from './tables.js';

type RefreshRow = typeof refreshTokens.$inferSelect;

/** Refresh tokens by hash, in families (SQLite and PostgreSQL implement it alike). */
export interface RefreshTokenStore {
  /** Stores a new refresh token (by hash) in a family. */
  insert(row: { tokenHash: string; userId: number; familyId: string; expiresAt: Date }): Promise<void>;
  /** The stored row for a token hash, or undefined. */
  find(tokenHash: string): Promise<RefreshRow | undefined>;
  /** Marks a token spent; false if someone spent it first (one conditional update: exactly one caller wins). */
  markUsed(tokenHash: string, at: Date): Promise<boolean>;
  /** Revokes every token of a family (reuse of a spent token was detected). */
  revokeFamily(familyId: string, at: Date): Promise<void>;
  /** Revokes every token of a user (sanctions take effect at once); returns how many. */
  revokeUser(userId: number, at: Date): Promise<number>;
}
