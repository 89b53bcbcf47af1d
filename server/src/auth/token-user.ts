import type { Storage } from '../db/storage.js';
import { ApiError } from '../http/envelope.js';
import type { AuthRefusal } from '../stomp/index.js';
import type { UserRow } from '../users/tables.js';
import { verifyAccessToken, type AccessClaims } from './access-token.js';
import { assertNotSanctioned } from './sanctions.js';

/**
 * The user an access token names, as they stand now (REST guards and every STOMP CONNECT).
 * Every refusal is a 401, which makes a client log out: a bad or expired token, or any refusal of
 * `userOfClaims`.
 */
async function userOfAccessToken(storage: Storage, secret: Uint8Array, token: string): Promise<UserRow> {
  return userOfClaims(storage, await verifyAccessToken(secret, token));
}

/**
 * The user a verified token's claims name, as they stand now. Refused with 401: an unknown user,
 * a sanctioned account (its reason first, even when the token was revoked by that sanction), or a
 * token revoked since it was issued (its version is older than the user's).
 */
export async function userOfClaims(storage: Storage, { userId, version }: AccessClaims): Promise<UserRow> {
  const row = await storage.users.findById(userId);
  if (!row) throw new ApiError(401, 'INVALID_ACCESS_TOKEN', '존재하지 않는 사용자입니다. 다시 로그인해주세요.');
  const user = await assertNotSanctioned(storage, row, 401);
  if (version !== user.tokenVersion) {
    throw new ApiError(401, 'REVOKED_ACCESS_TOKEN', '로그인이 해제되었습니다. 다시 로그인해주세요.');
  }
  return user;
}

/**
 * The user a STOMP CONNECT's token names, or why not, with REST's codes and Korean messages (a
 * sanction's reason first), so a client can tell a sanction from a passing failure.
 */
export async function connectingUser(
  storage: Storage,
  secret: Uint8Array,
  token: string | null,
): Promise<{ readonly ok: true; readonly user: UserRow } | AuthRefusal> {
  if (!token) return { ok: false, code: 'EMPTY_ACCESS_TOKEN', message: '로그인이 필요합니다.' };
  try {
    return { ok: true, user: await userOfAccessToken(storage, secret, token) };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}
