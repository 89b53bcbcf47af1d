import { matchRouteKey } from '../lib/routes';

export type HeaderVariant = 'hidden' | 'landing' | 'normal';

export interface ShellVisibility {
  header: HeaderVariant;
  footer: boolean;
}

// The not-found page looks the same whether it was asked for or reached from an unknown path.
const HIDDEN_PREFIXES = ['/debate-zone', '/observing-zone', '/login', '/signup', '/oauth/callback', '/not-found'];
// Known to the product although no screen of ours renders them (docs/product-rules.md#screens-and-guards).
const EXTRA_KNOWN = ['/about', '/oauth/callback', '/debate-zone'];

/**
 * Header and footer rules (docs/product-rules.md#screens-and-guards): hidden on the room, sign-in and unknown paths
 * (and so on
 * the not-found page itself); the landing variant on /.
 */
export function shellVisibility(pathname: string, signedIn: boolean): ShellVisibility {
  const known = matchRouteKey(pathname) !== null || EXTRA_KNOWN.includes(pathname);
  const hidden = !known || HIDDEN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (hidden) return { header: 'hidden', footer: false };
  return { header: pathname === '/' || !signedIn ? 'landing' : 'normal', footer: true };
}
