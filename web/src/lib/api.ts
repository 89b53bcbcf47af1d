import { createApiClient } from './api-client';
import { $auth } from './auth-store';
import { endSession } from './end-session';

export { ApiError, SSRF_MESSAGE, type RequestOptions } from './api-client';

/** The app's API client: the server serves this app, so the API origin is the page's origin. */
export const api = createApiClient({
  origin: () => window.location.origin,
  getAccessToken: () => $auth.get().accessToken,
  // A 401 anywhere ends the session; the route guards then send the user to the landing page.
  onUnauthorized: endSession,
});
