import { returnPathIn, safeReturnPath } from '../lib/return-path';
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
 * `here` is the address opened (path and query). A user still flagged new is kept on sign-up until it is
 * finished; a signed-out visitor sent to the landing page, and a new user sent to sign-up, take the member
 * page they opened along as `next`, to come back to it afterwards. On the sign-in and sign-up pages the
 * destination is the sign-in's own, or the `next` those pages carry.
 */
export function redirectFor(access: Access, session: SessionView, here = ''): string | null {
  const wanted = safeReturnPath(here);
  const pending = session.returnTo ?? returnPathIn(here.includes('?') ? here.slice(here.indexOf('?')) : '');
  const signup = (next: string | null) =>
    session.isNewUser && session.userId !== null ? paths.signup(session.userId, next) : null;
  switch (access) {
    case 'anyone':
      return null;
    case 'guest':
      return session.signedIn ? (signup(pending) ?? pending ?? paths.main()) : null;
    case 'signup':
      if (!session.signedIn) return paths.landing(pending);
      return session.isNewUser ? null : (pending ?? paths.main());
    case 'member':
      if (!session.signedIn) return paths.landing(wanted);
      return signup(wanted);
    case 'admin':
      if (!session.signedIn) return paths.landing(wanted);
      return session.role === 'ROLE_ADMIN' ? null : paths.main();
  }
}
