import { lazy, Suspense } from 'react';
import { useAuth } from '../lib/auth-store';
import { ErrorBoundary } from './ErrorBoundary';
import { onSignedIn } from '../lib/signed-in-hook';
import { useUser } from '../lib/user-store';

// The bell and push code (STOMP client, Web Push, the server-data cache) load only for signed-in
// members, so a first visit to the landing page does not pay for them.
const NotificationBell = lazy(() =>
  Promise.all([import('../features/notifications/NotificationBell'), import('../lib/server-data')]).then(
    ([m, data]) => ({ default: data.withServerData(m.NotificationBell) }),
  ),
);

// After every sign-in, register this browser for Web Push (docs/product-rules.md#sign-in-and-session).
onSignedIn((userId) => {
  void import('../features/notifications/push-registration').then((m) => m.registerPush(userId));
});

/** The bell's place in the header (the header hides it for admins). */
export function NotificationSlot() {
  const user = useUser();
  const { accessToken } = useAuth();
  if (user.userId === null) return null;
  return (
    <ErrorBoundary key={user.userId} fallback={null}>
      <Suspense fallback={<span className="inline-block size-11" aria-hidden="true" />}>
        <NotificationBell userId={user.userId} accessToken={accessToken} />
      </Suspense>
    </ErrorBoundary>
  );
}
