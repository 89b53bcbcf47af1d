import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bearerToken } from '../auth/access-token.js';
import { userOfAccessToken } from '../auth/token-user.js';
import type { Storage } from '../db/storage.js';
import type { Role } from '../users/roles.js';
import type { AppEnv, AuthUser } from './context.js';
import { ApiError } from './envelope.js';

export type Guards = {
  /** Any signed-in, unsanctioned user, guests included. */
  signedIn: MiddlewareHandler<AppEnv>;
  /** Members and admins (guests have not finished sign-up). */
  member: MiddlewareHandler<AppEnv>;
  /** Staff only. */
  admin: MiddlewareHandler<AppEnv>;
  /** Any explicit set of roles. */
  requireRole: (...roles: Role[]) => MiddlewareHandler<AppEnv>;
};

/**
 * Authentication guards: the Bearer access token names the user, who is then loaded from
 * the database on every request, so role changes and sanctions apply at once (a sanctioned
 * account or a revoked token answers 401, see `userOfAccessToken`).
 */
export function createGuards(storage: Storage, secret: Uint8Array): Guards {
  const requireRole = (...roles: Role[]) =>
    createMiddleware<AppEnv>(async (c, next) => {
      const header = c.req.header('Authorization');
      if (!header) throw new ApiError(401, 'EMPTY_ACCESS_TOKEN', '로그인이 필요합니다.');
      const token = bearerToken(header);
      if (!token)
        throw new ApiError(401, 'INVALID_ACCESS_TOKEN', '유효하지 않은 인증 정보입니다. 다시 로그인해주세요.');
      const user = await userOfAccessToken(storage, secret, token);
      if (!roles.includes(user.role)) {
        const guest = user.role === 'ROLE_GUEST';
        throw new ApiError(
          403,
          guest ? 'SIGNUP_REQUIRED' : 'FORBIDDEN',
          guest ? '회원가입을 먼저 완료해주세요.' : '권한이 없습니다.',
        );
      }
      const authUser: AuthUser = { id: user.id, nickname: user.nickname, role: user.role };
      c.set('user', authUser);
      await next();
    });
  return {
    signedIn: requireRole('ROLE_GUEST', 'ROLE_MEMBER', 'ROLE_ADMIN'),
    member: requireRole('ROLE_MEMBER', 'ROLE_ADMIN'),
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
