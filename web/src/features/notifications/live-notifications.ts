import { Client } from '@stomp/stompjs';
import { NOTIFICATIONS_QUEUE, STOMP_ENDPOINTS } from '@toron/engine';
import type { NotificationItem } from './notifications-api';
import { liveFrameSchema } from './notifications-api';

const RECONNECT_MS = 5_000;

/**
 * Opens the notification socket (`/ws/notifications`, the access token on CONNECT) and calls
 * `onNotification` for every frame on `/user/queue/notifications`. Returns the close function.
 */
export function connectLiveNotifications(
  accessToken: string,
  onNotification: (item: NotificationItem, unreadCount: number) => void,
): () => void {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const client = new Client({
    brokerURL: `${scheme}://${window.location.host}${STOMP_ENDPOINTS.notifications}`,
    connectHeaders: { Authorization: `Bearer ${accessToken}` },
    reconnectDelay: RECONNECT_MS,
    debug: () => {},
  });
  client.onConnect = () => {
    client.subscribe(NOTIFICATIONS_QUEUE, (message) => {
      let body: unknown;
      try {
        body = JSON.parse(message.body);
      } catch {
        return;
      }
      const frame = liveFrameSchema.safeParse(body);
      if (frame.success) onNotification(frame.data.notification, frame.data.unreadCount);
    });
  };
  client.activate();
  return () => {
    void client.deactivate();
  };
}
