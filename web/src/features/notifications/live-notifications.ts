import { liveNotificationSchema, NOTIFICATIONS_QUEUE, STOMP_ENDPOINTS, type NotificationItem } from '@toron/engine';
import { createLiveConnection } from '../../lib/live/connection';

/**
 * Opens the notification socket (`/ws/notifications`, the access token on CONNECT) and calls
 * `onNotification` for every frame on `/user/queue/notifications`. It reconnects like the room
 * sockets, after a jittered backoff, so the clients of a server that went away come back spread
 * out rather than all at once. Returns the close function.
 */
export function connectLiveNotifications(
  accessToken: string,
  onNotification: (item: NotificationItem, unreadCount: number) => void,
): () => void {
  const live = createLiveConnection({ path: STOMP_ENDPOINTS.notifications, token: () => accessToken });
  live.subscribe(
    NOTIFICATIONS_QUEUE,
    liveNotificationSchema,
    (frame) => onNotification(frame.notification, frame.unreadCount),
    { onInvalid: () => {} }, // a frame of a newer server this client cannot read is skipped
  );
  return () => live.close();
}
