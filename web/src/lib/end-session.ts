import { navigate } from 'wouter/use-browser-location';
import { paths } from './routes';
import { clearAuth } from './auth-store';
import { clearUser } from './user-store';

/** Forgets tokens and user; the guards take care of where the user may stay. */
export function endSession(): void {
  clearAuth();
  clearUser();
}

/** The full logout: session cleared, service workers unregistered, back to the landing page. */
export async function logout(): Promise<void> {
  endSession();
  await unregisterServiceWorkers();
  navigate(paths.landing(), { replace: true });
}

async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Nothing registered or not allowed: nothing to undo.
  }
}
