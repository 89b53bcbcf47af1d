import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Storage } from '../db/storage.js';
import { ApiError } from '../http/envelope.js';
import type { UserRow } from '../users/tables.js';
import { signAccessToken } from './access-token.js';
import { assertNotSanctioned } from './sanctions.js';

export type SessionConfig = { storage: Storage; secret: Uint8Array; accessTtlSec: number; refreshTtlSec: number };
export type TokenPair = { accessToken: string; refreshToken: string };

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const refused = (code: string, message = '다시 로그인해주세요.') => new ApiError(401, code, message);

/**
 * Issues an access token (of the user's current token version) and a new refresh token (a new family unless one is
 * given).
 */
export async function issueSession(
  cfg: SessionConfig,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const refreshToken = randomBytes(32).toString('base64url');
  await cfg.storage.refreshTokens.insert({
    tokenHash: hashToken(refreshToken),
    userId: user.id,
    familyId,
    expiresAt: new Date(Date.now() + cfg.refreshTtlSec * 1000),
  });
  const claims = { userId: user.id, version: user.tokenVersion };
  return { accessToken: await signAccessToken(cfg.secret, claims, cfg.accessTtlSec), refreshToken };
}

/**
 * Exchanges a refresh token for a new pair (rotation). A token that was already spent
 * revokes its whole family: whoever holds the newer token loses the session too.
 */
export async function rotateSession(cfg: SessionConfig, refreshToken: string): Promise<TokenPair> {
  const now = new Date();
  const tokens = cfg.storage.refreshTokens;
  const row = await tokens.find(hashToken(refreshToken));
  if (!row) throw refused('INVALID_REFRESH_TOKEN', '유효하지 않은 리프레시 토큰입니다. 다시 로그인해주세요.');
  if (row.revokedAt) throw refused('REVOKED_REFRESH_TOKEN', '만료된 로그인입니다. 다시 로그인해주세요.');
  if (row.usedAt || !(await tokens.markUsed(row.tokenHash, now))) {
    await tokens.revokeFamily(row.familyId, now);
    throw refused('REFRESH_TOKEN_REUSED', '이미 사용된 리프레시 토큰입니다. 보안을 위해 다시 로그인해주세요.');
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw refused('EXPIRED_REFRESH_TOKEN', '로그인이 만료되었습니다. 다시 로그인해주세요.');
  }
  const user = await cfg.storage.users.findById(row.userId);
  if (!user) throw refused('INVALID_REFRESH_TOKEN', '유효하지 않은 리프레시 토큰입니다. 다시 로그인해주세요.');
  try {
    await assertNotSanctioned(cfg.storage, user, 401, now);
  } catch (err) {
    await tokens.revokeFamily(row.familyId, now);
    throw err;
  }
  return issueSession(cfg, user, row.familyId);
}

/**
 * Revokes every session of a user: their refresh tokens and, by raising the token version,
 * their access tokens (refused with 401 from now on, even after the sanction is lifted). The
 * moderation feature calls this when it suspends or bans someone.
 */
export async function revokeAllSessions(storage: Storage, userId: number): Promise<number> {
  await storage.users.raiseTokenVersion(userId);
  return storage.refreshTokens.revokeUser(userId, new Date());
}
