import { sha256 } from '@noble/hashes/sha2.js';
import { safeReturnPath } from '../../lib/return-path';
import type { Provider } from './auth-api';

/**
 * The secrets of one sign-in attempt: the OAuth `state` and the PKCE verifier (RFC 7636), kept
 * in this browser until the provider sends the user back. The callback page exchanges a code only
 * with a state this browser created, so a code someone else obtained (login CSRF) is refused, and
 * the code is worthless to anyone without the verifier. Kept in localStorage, not sessionStorage,
 * so a sign-in link opened in a new tab works too. The attempt also keeps where the member was
 * going (a deep link opened while signed out), checked again when it is read back.
 */

const PREFIX = 'toron-sign-in:';
const TTL_MS = 60 * 60 * 1000;

type Pending = { provider: Provider; verifier: string; createdAt: number; returnTo: string | null };

/** What the callback needs of an attempt this browser started. */
export type SignInAttempt = Pick<Pending, 'verifier' | 'returnTo'>;

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

// 32 random bytes: a 43-character verifier, the shortest RFC 7636 allows and plenty of entropy.
const randomToken = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)));

function read(key: string): Pending | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { provider, verifier, createdAt, returnTo } = value as Record<string, unknown>;
    if ((provider !== 'google' && provider !== 'kakao') || typeof verifier !== 'string') return null;
    if (typeof createdAt !== 'number' || Date.now() - createdAt >= TTL_MS) return null;
    return { provider, verifier, createdAt, returnTo: safeReturnPath(typeof returnTo === 'string' ? returnTo : null) };
  } catch {
    return null;
  }
}

function forgetExpired(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX) && !read(key)) localStorage.removeItem(key);
}

/**
 * Starts a sign-in: remembers a new state and verifier (and where to return, when safe), and
 * returns the authorize URL that carries them.
 */
export function prepareSignIn(provider: Provider, authorizeUrl: string, returnTo: string | null = null): string {
  forgetExpired();
  const state = randomToken();
  const verifier = randomToken();
  const pending: Pending = { provider, verifier, createdAt: Date.now(), returnTo: safeReturnPath(returnTo) };
  localStorage.setItem(PREFIX + state, JSON.stringify(pending));
  const url = new URL(authorizeUrl, window.location.origin);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', base64url(sha256(new TextEncoder().encode(verifier))));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/**
 * Ends a sign-in coming back with `state`: the verifier and return path of the attempt this
 * browser started for this provider (used once), or null when there is none (a forged, foreign,
 * reused or stale state).
 */
export function takeSignIn(state: string | null, provider: Provider): SignInAttempt | null {
  if (!state) return null;
  const key = PREFIX + state;
  const pending = read(key);
  localStorage.removeItem(key);
  return pending?.provider === provider ? { verifier: pending.verifier, returnTo: pending.returnTo } : null;
}
