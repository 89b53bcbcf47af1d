import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useSearch } from 'wouter';
import { matchRouteKey, routes, type Access } from './routes';

/**
 * Where a signed-out visitor was going when the guards sent them to sign in: the deep link
 * (an archived room, the room list, an article) travels as `?next=` to the landing and login
 * pages, is kept with the sign-in attempt while the provider has the browser, goes on to a new
 * member's sign-up page, and is where the member lands afterwards instead of /main.
 */

const MAX_LENGTH = 512;
// Only this app's own member pages are a place to return to; sign-in pages or the landing are not.
const RETURNABLE: ReadonlySet<Access> = new Set(['member', 'admin']);
// Any fixed origin works as the base: a value that changes the origin when resolved is refused.
const BASE = 'https://toron.invalid';

/**
 * The return path in `raw` (a `next` parameter or a stored attempt) when it is a path of one of
 * this app's member pages, normalised; null for anything else — another origin (`//host`, `/\host`,
 * `https:`, `javascript:`), an unknown path, a sign-in page, an overlong value.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH || !raw.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const key = matchRouteKey(url.pathname);
  if (key === null || !RETURNABLE.has(routes[key].access)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The safe `next` of an address's query (`?next=…`, with or without the `?`), or null. */
export function returnPathIn(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get('next'));
}

/** The safe `next` of the current address, or null. */
export function useReturnPath(): string | null {
  return returnPathIn(useSearch());
}

/**
 * The destination of the sign-in in progress, set by the callback page just before the session
 * starts so the guards lead there (or to sign-up carrying it) rather than to /main, and cleared
 * once the callback has moved on. Kept in memory only: past the callback, the address carries it
 * (`/signup/{id}?next=…`), so a reloaded or reopened sign-up page still knows where to go.
 */
export const $returnTo = atom<string | null>(null);

export const useReturnTo = (): string | null => useStore($returnTo);
