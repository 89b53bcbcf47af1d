import { NotificationBell } from '../features/notifications/NotificationBell';
import { registerPush } from '../features/notifications/push-registration';
import { useAuth } from '../lib/auth-store';
import { onSignedIn } from '../lib/signed-in-hook';
import { useUser } from '../lib/user-store';

// Wiring (issue 7): after every sign-in, register this browser for Web Push (part1 §4).
onSignedIn((userId) => void registerPush(userId));

/** The bell's place in the header (the header hides it for admins). */
export function NotificationSlot() {
  const user = useUser();
  const { accessToken } = useAuth();
  if (user.userId === null) return null;
  return <NotificationBell key={user.userId} userId={user.userId} accessToken={accessToken} />;
}
