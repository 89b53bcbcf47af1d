import { randomBytes } from 'node:crypto';
import type { Provider } from '../config.js';
import type { AppDeps } from '../deps.js';
import { isUniqueViolation } from '../db/errors.js';
import { profileImageUrl } from '../users/default-avatar.js';
import type { Role } from '../users/roles.js';
import type { UserRow } from '../users/tables.js';
import { fetchProviderProfile } from './oauth-client.js';
import { assertNotSanctioned } from './sanctions.js';
import { issueSession } from './sessions.js';

export type LoginResult = {
  userId: number;
  accessToken: string;
  refreshToken: string;
  nickname: string;
  imgUrl: string;
  role: Role;
};

/** The redirect URI the web app registered for a provider (docs/wire-contract.md#accounts). */
export const redirectUriFor = (webOrigin: string, provider: Provider): string =>
  `${webOrigin}/login/oauth2/callback/${provider}`;

/** A new user's temporary nickname; its prefix is what marks the user as new in the web app. */
const temporaryNickname = (provider: Provider): string => `${provider.toUpperCase()}_${randomBytes(5).toString('hex')}`;

async function findOrCreate(
  deps: AppDeps,
  provider: Provider,
  subject: string,
  picture: string | null,
): Promise<UserRow> {
  const { users } = deps.storage;
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await users.findByIdentity(provider, subject);
    if (existing) return existing;
    try {
      return await users.insert({
        provider,
        subject,
        nickname: temporaryNickname(provider),
        role: 'ROLE_GUEST',
        profileUrl: picture,
      });
    } catch (err) {
      // A concurrent first login created the identity: found next round.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not create a user for a new identity');
}

/**
 * Signs a user in with an authorization code: exchanges it with the provider (with the PKCE
 * verifier when the client sent one), finds or creates the user by (provider, subject) — new
 * users are ROLE_GUEST with a temporary GOOGLE_/KAKAO_ nickname — refuses sanctioned users and
 * issues a session.
 */
export async function signInWithCode(
  deps: AppDeps,
  provider: Provider,
  code: string,
  codeVerifier?: string,
): Promise<LoginResult> {
  const { config } = deps;
  const profile = await fetchProviderProfile(
    provider,
    config.oauth[provider],
    redirectUriFor(config.webOrigin, provider),
    code,
    codeVerifier ?? null,
  );
  const user = await assertNotSanctioned(
    deps.storage,
    await findOrCreate(deps, provider, profile.subject, profile.picture),
    403,
  );
  const tokens = await issueSession(deps.sessions, user);
  deps.logger.info({ userId: user.id, provider, role: user.role }, 'signed in');
  return {
    userId: user.id,
    ...tokens,
    nickname: user.nickname,
    imgUrl: profileImageUrl(config.publicUrl, user.profileUrl),
    role: user.role,
  };
}
