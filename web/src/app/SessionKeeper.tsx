import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/auth-store';

/**
 * Keeps a session alive while one exists: fresh user info on start (sanctions apply at once) and the
 * 15-minute refresh. The session module (zod, the API client) is fetched only then, so an anonymous
 * first visit stays light.
 */
export function SessionKeeper() {
  const signedIn = Boolean(useStore($auth).accessToken);
  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | null = null;
    let live = true;
    void import('../lib/session').then((session) => {
      if (!live) return;
      void session.loadUserInfo();
      stop = session.startTokenRefresh();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [signedIn]);
  return null;
}
