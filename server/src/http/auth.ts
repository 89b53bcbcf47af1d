import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bearerToken, verifyAccessToken, type AccessClaims } from '../auth/access-token.js';
import { userOfClaims } from '../auth/token-user.js';
import type { Storage } from '../db/storage.js';
import type { Role } from '../users/roles.js';
import type { AppEnv, AuthUser } from './context.js';
import { ApiError } from './envelope.js';

export type Guards = {
  /** Any signed-in, unsanctioned user, guests included. */
  signedIn: MiddlewareHandler<AppEnv>;
  /** Members and admins (guests have not finished sign-up). */
  member: MiddlewareHandler<AppEnv>;
  /**
   * Members and admins, for a read that answers every member alike: the caller is looked up while
   * the route's handler runs, and its answer goes out only once the caller is admitted; otherwise
   * the caller gets the same 401 or 403 as from `member`. Only for handlers that write nothing and
   * never read `user` (which this guard does not set).
   */
  memberRead: MiddlewareHandler<AppEnv>;
  /** Staff only. */
  admin: MiddlewareHandler<AppEnv>;
  /** Any explicit set of roles. */
  requireRole: (...roles: Role[]) => MiddlewareHandler<AppEnv>;
};

const MEMBER_ROLES: Role[] = ['ROLE_MEMBER', 'ROLE_ADMIN'];

/** The verified claims of the request's Bearer token; 401 when there is none or it does not verify. */
async function claimsOf(c: Context<AppEnv>, secret: Uint8Array): Promise<AccessClaims> {
  const header = c.req.header('Authorization');
  if (!header) throw new ApiError(401, 'EMPTY_ACCESS_TOKEN', '로그인이 필요합니다.');
  const token = bearerToken(header);
  if (!token) throw new ApiError(401, 'INVALID_ACCESS_TOKEN', '유효하지 않은 인증 정보입니다. 다시 로그인해주세요.');
  return verifyAccessToken(secret, token);
}

/**
 * Authentication guards: the Bearer access token names the user, who is then loaded from
 * the database on every request, so role changes and sanctions apply at once (a sanctioned
 * account or a revoked token answers 401, see `userOfClaims`).
 */
export function createGuards(storage: Storage, secret: Uint8Array): Guards {
  const admitted = async (claims: AccessClaims, roles: readonly Role[]): Promise<AuthUser> => {
    const user = await userOfClaims(storage, claims);
    if (!roles.includes(user.role)) {
      const guest = user.role === 'ROLE_GUEST';
      throw new ApiError(
        403,
        guest ? 'SIGNUP_REQUIRED' : 'FORBIDDEN',
        guest ? '회원가입을 먼저 완료해주세요.' : '권한이 없습니다.',
      );
    }
    return { id: user.id, nickname: user.nickname, role: user.role };
  };
  const requireRole = (...roles: Role[]) =>
    createMiddleware<AppEnv>(async (c, next) => {
      c.set('user', await admitted(await claimsOf(c, secret), roles));
      await next();
    });
  // The token is verified first, so a forged or expired one never reaches the handler. Then the
  // lookup and the handler's read run at once: on PostgreSQL they are two round trips on two pooled
  // connections, and one after the other they were most of the time of a fast list page. The
  // admission is judged first, so a refused caller never sees what the handler answered.
  const memberRead = createMiddleware<AppEnv>(async (c, next) => {
    const claims = await claimsOf(c, secret);
    const [admission, handled] = await Promise.allSettled([admitted(claims, MEMBER_ROLES), next()]);
    if (admission.status === 'rejected') throw admission.reason;
    if (handled.status === 'rejected') throw handled.reason;
  });
  return {
    signedIn: requireRole('ROLE_GUEST', ...MEMBER_ROLES),
    member: requireRole(...MEMBER_ROLES),
    memberRead,
    admin: requireRole('ROLE_ADMIN'),
    requireRole,
  };
}

/**
 * Ownership: a user id in a path, query or body must be the caller's own (spec deviation 1),
 * else 403.
 */
export function assertSelf(callerId: number, userId: number): void {
  if (callerId !== userId) throw new ApiError(403, 'NOT_OWNER', '본인의 계정에 대해서만 요청할 수 있습니다.');
}
