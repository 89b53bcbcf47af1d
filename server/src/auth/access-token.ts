import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../http/envelope.js';

/** What an access token says: whose it is and which of the user's token versions it belongs to. */
export type AccessClaims = { userId: number; version: number };

/**
 * Signs a short access token: the user id (sub), the user's token version (`ver`, raised when a
 * sanction revokes every token) and a jti; the role is re-read per request.
 */
export async function signAccessToken(
  secret: Uint8Array,
  { userId, version }: AccessClaims,
  ttlSec: number,
): Promise<string> {
  return new SignJWT({ ver: version })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSec}s`)
    .sign(secret);
}

/** Verifies an access token and returns its claims (no `ver` = version 0); expired or invalid → 401 refusals. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const version = payload.ver ?? 0;
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error('bad subject');
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) throw new Error('bad version');
    return { userId, version };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) {
      throw new ApiError(401, 'EXPIRED_ACCESS_TOKEN', '로그인이 만료되었습니다. 다시 로그인해주세요.');
    }
    throw new ApiError(401, 'INVALID_ACCESS_TOKEN', '유효하지 않은 인증 정보입니다. 다시 로그인해주세요.');
  }
}
