import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../http/envelope.js';

/** Signs a short access token: only the user id (sub) and a jti; the role is re-read per request. */
export async function signAccessToken(secret: Uint8Array, userId: number, ttlSec: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ttlSec}s`)
    .sign(secret);
}

/** Verifies an access token and returns its user id; expired or invalid → 401 refusals. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<number> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error('bad subject');
    return id;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) {
      throw new ApiError(401, 'EXPIRED_ACCESS_TOKEN', '로그인이 만료되었습니다. 다시 로그인해주세요.');
    }
    throw new ApiError(401, 'INVALID_ACCESS_TOKEN', '유효하지 않은 인증 정보입니다. 다시 로그인해주세요.');
  }
}
