import { createApiClient } from './api-client';
import { $auth } from './auth-store';
import { endSession } from './end-session';
import { showToast } from '../ui/toast';

/** The codes of a 401 for a sanctioned account; its message is the Korean reason. */
const SANCTIONS = new Set(['ACCOUNT_SUSPENDED', 'ACCOUNT_BANNED']);

export { ApiError } from './api-client';

/** The app's API client: the server serves this app, so the API origin is the page's origin. */
export const api = createApiClient({
  origin: () => window.location.origin,
  getAccessToken: () => $auth.get().accessToken,
  // A 401 anywhere ends the session; the route guards then send the user to the landing page.
  onUnauthorized: (refusal) => {
    const active = $auth.get().accessToken !== null;
    endSession();
    // A suspension or ban says why, once (other calls may be refused at the same moment).
    if (active && SANCTIONS.has(refusal.code ?? '')) showToast(refusal.message, 'error');
  },
});
