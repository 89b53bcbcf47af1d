import { fetchVapidKey, saveToken } from './notifications-api';

/** The key the original client kept its push token under; the panel reads it too. */
const PUSH_TOKEN_KEY = 'fcmToken';
const WORKER_URL = '/sw.js';

/** Whether this browser can receive Web Push at all. */
const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Push in this browser: on (allowed and registered), off (not asked yet, or allowed but not
 * registered: one click can turn it on), blocked (refused: only the browser's settings can undo
 * it) or unsupported.
 */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

export function pushState(): PushState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && localStorage.getItem(PUSH_TOKEN_KEY) !== null ? 'on' : 'off';
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * After sign-in (docs/product-rules.md#sign-in-and-session) and from the panel's 알림 켜기: registers the service worker,
 * asks for
 * notification permission, and when granted subscribes with the server's VAPID key and posts the
 * subscription (saveToken), keeping it under `fcmToken`. Refused permission removes the stored
 * token. Errors are only logged. Returns the push state it leaves.
 */
export async function registerPush(userId: number): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  try {
    const registration = await navigator.serviceWorker.register(WORKER_URL);
    const permission =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') {
      localStorage.removeItem(PUSH_TOKEN_KEY);
      return pushState();
    }
    const key = await fetchVapidKey();
    const serverKey = applicationServerKey(key);
    let existing = await registration.pushManager.getSubscription();
    // A subscription made with another server key (keys replaced) cannot be reused.
    if (existing && !sameKey(existing.options.applicationServerKey, serverKey)) {
      await existing.unsubscribe();
      existing = null;
    }
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }));
    const token = JSON.stringify(subscription.toJSON());
    await saveToken(userId, token);
    localStorage.setItem(PUSH_TOKEN_KEY, token);
  } catch (error) {
    console.error('push registration failed', error);
  }
  return pushState();
}
