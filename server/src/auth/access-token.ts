import { randomUUID, webcrypto } from 'node:crypto';
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

// RFC 6750 §2.1: the scheme in any case, one or more spaces, a b64token; REST and STOMP read it alike.
const BEARER = /^\s*Bearer +([A-Za-z0-9\-._~+/]+=*)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header value; null when it is not one. */
export function bearerToken(header: string | undefined): string | null {
  return header === undefined ? null : (BEARER.exec(header)?.[1] ?? null);
}

// Given the raw secret, jose imports it as a key again for every token; every authenticated
// request verifies one, so each secret is imported once.
const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function verifyKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verifyKeys.set(secret, key);
  }
  return key;
}

// Only the id as we write it: "7", never "07", "7.0", "1e0" or " 7".
const canonicalId = /^[1-9][0-9]{0,15}$/;

/**
 * Verifies an access token and returns its claims (no `ver` = version 0); expired or invalid → 401
 * refusals. A token must carry `exp` (one without would never end) and a canonical numeric `sub`.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    const userId = canonicalId.test(payload.sub ?? '') ? Number(payload.sub) : NaN;
    const version = payload.ver ?? 0;
    if (!Number.isSafeInteger(userId)) throw new Error('bad subject');
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) throw new Error('bad version');
    return { userId, version };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) {
      throw new ApiError(401, 'EXPIRED_ACCESS_TOKEN', '로그인이 만료되었습니다. 다시 로그인해주세요.');
    }
    throw new ApiError(401, 'INVALID_ACCESS_TOKEN', '유효하지 않은 인증 정보입니다. 다시 로그인해주세요.');
  }
}
