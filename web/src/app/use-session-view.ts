import { useAuth } from '../lib/auth-store';
import { useUser } from '../lib/user-store';
import type { SessionView } from './access';
import { useReturnTo } from '../lib/return-path';

/** What the guards and the shell need to know about the current session. */
export function useSessionView(): SessionView {
  const auth = useAuth();
  const user = useUser();
  const returnTo = useReturnTo();
  return {
    signedIn: Boolean(auth.accessToken),
    isNewUser: auth.isNewUser,
    userId: user.userId,
    role: user.role,
    returnTo,
  };
}
