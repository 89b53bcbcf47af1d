import type { Actor } from '@toron/engine';
import { connectingUser } from '../../auth/token-user.js';
import type { AppDeps } from '../../deps.js';
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
    const found = await connectingUser(deps.storage, secret, token);
    if (!found.ok) return found;
    const { user } = found;
    if (user.role !== 'ROLE_MEMBER' && user.role !== 'ROLE_ADMIN')
      return { ok: false, code: 'SIGNUP_REQUIRED', message: '회원가입을 먼저 완료해주세요.' };
    return { ok: true, principal: { id: user.id, actor: actorOf(user, deps.config.publicUrl) } };
  };
}
