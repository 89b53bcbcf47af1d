import { paths, type Access } from './routes';

export interface SessionView {
  signedIn: boolean;
  isNewUser: boolean;
  userId: number | null;
  role: string;
}

/**
 * Where a visitor must go instead of a route with the given access, or null to stay (part1 §2 guards).
 * A user still flagged new is kept on sign-up until it is finished.
 */
export function redirectFor(access: Access, session: SessionView): string | null {
  const signupOrMain = session.isNewUser && session.userId !== null ? paths.signup(session.userId) : paths.main();
  switch (access) {
    case 'anyone':
      return null;
    case 'guest':
      return session.signedIn ? signupOrMain : null;
    case 'signup':
      if (!session.signedIn) return paths.landing();
      return session.isNewUser ? null : paths.main();
    case 'member':
      if (!session.signedIn) return paths.landing();
      return session.isNewUser && session.userId !== null ? signupOrMain : null;
    case 'admin':
      if (!session.signedIn) return paths.landing();
      return session.role === 'ROLE_ADMIN' ? null : paths.main();
  }
}
