import { randomBytes } from 'node:crypto';
import type { Provider } from '../config.js';

export type Grant = {
  provider: Provider;
  subject: string;
  clientId: string;
  redirectUri: string;
  /** The address of the browser that signed in (the token request comes from our own server). */
  endClient: string;
  /** The PKCE S256 challenge of the authorize request, if it sent one. */
  codeChallenge: string | null;
  expiresAt: number;
};
export type Access = { provider: Provider; subject: string; expiresAt: number };

const CODE_TTL_MS = 5 * 60 * 1000;
export const ACCESS_TTL_SEC = 10 * 60;

/**
 * The demo provider's short-lived state, in memory: authorization codes (each usable once)
 * and the access tokens it hands out. Expired entries are dropped as new ones arrive.
 */
export function createGrantStore(now: () => number = Date.now) {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Access>();
  const prune = () => {
    const t = now();
    for (const [k, v] of codes) if (v.expiresAt <= t) codes.delete(k);
    for (const [k, v] of tokens) if (v.expiresAt <= t) tokens.delete(k);
  };
  return {
    /** A new one-time code for this sign-in. */
    issueCode(grant: Omit<Grant, 'expiresAt'>): string {
      prune();
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...grant, expiresAt: now() + CODE_TTL_MS });
      return code;
    },
    /** Takes a code out (valid or not, it can never be used again). */
    takeCode(code: string): Grant | undefined {
      const grant = codes.get(code);
      codes.delete(code);
      return grant && grant.expiresAt > now() ? grant : undefined;
    },
    /** A provider access token for the identity. */
    issueToken(provider: Provider, subject: string): string {
      prune();
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { provider, subject, expiresAt: now() + ACCESS_TTL_SEC * 1000 });
      return token;
    },
    /** The identity behind a provider access token, if it is still valid. */
    lookupToken(token: string): Access | undefined {
      const access = tokens.get(token);
      return access && access.expiresAt > now() ? access : undefined;
    },
  };
}
