import { $auth } from './auth-store';
import { endSession } from './end-session';
import { showToast } from '../ui/toast';

/** The codes of a refusal for a sanctioned account; its message is the Korean reason. */
const SANCTIONS = new Set(['ACCOUNT_SUSPENDED', 'ACCOUNT_BANNED']);

/**
 * The refusals of a live connection's token that no reconnect can change: a sanction, a token
 * revoked, a user who no longer exists. An expired token is not among them: the session keeper
 * renews it, and the next attempt carries the new one.
 */
const FINAL_CONNECT_REFUSALS = new Set([...SANCTIONS, 'REVOKED_ACCESS_TOKEN', 'INVALID_ACCESS_TOKEN']);

/** Whether a refused STOMP CONNECT (its ERROR frame's `code`) ends the session. */
export const endsSession = (code: string | undefined): boolean => FINAL_CONNECT_REFUSALS.has(code ?? '');

/**
 * Ends the session the server refused; the route guards then send the user to the landing page.
 * A suspension or ban says why, once (other calls may be refused at the same moment).
 */
export function endRefusedSession(code: string | null, message: string): void {
  const active = $auth.get().accessToken !== null;
  endSession();
  if (active && SANCTIONS.has(code ?? '')) showToast(message, 'error');
}
