/* Toron service worker: shows Web Push notifications and opens the right page on a click. */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPush(event) {
  if (!event.data) return {};
  try {
    const data = event.data.json();
    return data && typeof data === 'object' ? data : {};
  } catch {
    return { body: event.data.text() };
  }
}

// Only paths on this site: a push never sends anyone elsewhere.
function safePath(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const title = typeof data.title === 'string' && data.title ? data.title : '알림';
  const body = typeof data.body === 'string' && data.body ? data.body : '새로운 알림이 도착했습니다.';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      lang: 'ko',
      data: { url: safePath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const exact = windows.find((w) => w.url === target);
      if (exact) return exact.focus();
      const ours = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (ours) {
        const focused = await ours.focus();
        return focused.navigate ? focused.navigate(target) : self.clients.openWindow(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
