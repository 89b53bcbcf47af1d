import type { Actor } from '@toron/engine';
import { userOfAccessToken } from '../../auth/token-user.js';
import type { AppDeps } from '../../deps.js';
import { ApiError } from '../../http/envelope.js';
import type { AuthResult, ConnectRequest } from '../../stomp/hooks.js';
import { actorOf } from '../people.js';

/** Who a STOMP connection belongs to: bound at CONNECT from the access token, never from headers. */
export interface LivePrincipal {
  readonly id: number;
  readonly actor: Actor;
}

/**
 * Authenticates a CONNECT (spec deviation 2): `Authorization: Bearer <access token>` or
 * `passcode`; the user must exist, be a member or admin, not be suspended or banned, and the token not be revoked.
 */
export function liveAuthenticator(deps: AppDeps, secret: Uint8Array) {
  return async ({ token }: ConnectRequest<unknown>): Promise<AuthResult<LivePrincipal>> => {
    if (!token) return { ok: false, message: '로그인이 필요합니다.' };
    try {
      const user = await userOfAccessToken(deps.storage, secret, token);
      if (user.role !== 'ROLE_MEMBER' && user.role !== 'ROLE_ADMIN')
        return { ok: false, message: '회원가입을 먼저 완료해주세요.' };
      return { ok: true, principal: { id: user.id, actor: actorOf(user, deps.config.publicUrl) } };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, message: err.message };
      throw err;
    }
  };
}
