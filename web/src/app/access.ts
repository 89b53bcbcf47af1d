import { safeReturnPath } from '../lib/return-path';
import { paths, type Access } from '../lib/routes';

export interface SessionView {
  signedIn: boolean;
  isNewUser: boolean;
  userId: number | null;
  role: string;
  /** Where the sign-in in progress leads instead of /main (a deep link opened while signed out). */
  returnTo: string | null;
}

/**
 * Where a visitor must go instead of a route with the given access, or null to stay
 * (docs/product-rules.md#screens-and-guards).
 * A user still flagged new is kept on sign-up until it is finished. A signed-out visitor sent to the
 * landing page takes `here` (the address they opened) along, to come back to it after signing in.
 */
export function redirectFor(access: Access, session: SessionView, here = ''): string | null {
  const home = session.returnTo ?? paths.main();
  const signupOrHome = session.isNewUser && session.userId !== null ? paths.signup(session.userId) : home;
  const toLanding = () => paths.landing(safeReturnPath(here));
  switch (access) {
    case 'anyone':
      return null;
    case 'guest':
      return session.signedIn ? signupOrHome : null;
    case 'signup':
      if (!session.signedIn) return paths.landing();
      return session.isNewUser ? null : home;
    case 'member':
      if (!session.signedIn) return toLanding();
      return session.isNewUser && session.userId !== null ? signupOrHome : null;
    case 'admin':
      if (!session.signedIn) return toLanding();
      return session.role === 'ROLE_ADMIN' ? null : paths.main();
  }
}
