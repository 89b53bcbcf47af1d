import { createApiClient } from './api-client';
import { $auth } from './auth-store';
import { endRefusedSession } from './refused-session';

export { ApiError } from './api-client';

/** The app's API client: the server serves this app, so the API origin is the page's origin. */
export const api = createApiClient({
  origin: () => window.location.origin,
  getAccessToken: () => $auth.get().accessToken,
  // A 401 anywhere ends the session.
  onUnauthorized: (refusal) => endRefusedSession(refusal.code, refusal.message),
});
