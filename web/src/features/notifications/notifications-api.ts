import { notificationSchema } from '@toron/engine';
import { z } from 'zod';
import { api } from '../../lib/api';
import { queryKeys, queryOptions } from '../../lib/server-data';

export type { NotificationItem } from '@toron/engine';

const pageSchema = z.object({
  unreadCount: z.number(),
  notifications: z.object({
    content: z.array(notificationSchema),
    pageable: z.object({ pageNumber: z.number() }),
    totalPages: z.number(),
  }),
});
export type NotificationPage = z.infer<typeof pageSchema>;

/** F1: one page (1-based) of the user's notifications with the unread count. */
export const fetchNotificationPage = (userId: number, page: number) =>
  api(`/api/notifications/${userId}`, { query: { page }, schema: pageSchema });

/** F2–F5. */
export const markNotificationRead = (id: number) => api(`/api/notifications/${id}/read`, { method: 'PUT' });
export const markAllNotificationsRead = (userId: number) =>
  api(`/api/notifications/${userId}/readAll`, { method: 'PUT' });
export const removeNotification = (id: number) => api(`/api/notifications/${id}/remove`, { method: 'DELETE' });
export const removeAllNotifications = (userId: number) =>
  api(`/api/notifications/${userId}/removeAll`, { method: 'DELETE' });

/**
 * The follower's nickname for a FOLLOW item (U1); read once while the app is open (an edit of my own refreshes mine).
 */
export const nicknameQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.users.nickname(userId),
    queryFn: () =>
      api(`/api/users/${userId}`, { schema: z.object({ nickname: z.string() }) }).then((user) => user.nickname),
    staleTime: Infinity,
  });

/** The server's VAPID key browsers subscribe with. */
export const fetchVapidKey = () =>
  api('/api/notifications/vapidPublicKey', { schema: z.object({ publicKey: z.string() }) }).then((k) => k.publicKey);

/** F6: registers this browser's push subscription (its JSON in `token`, `isAllow` as the string "true"). */
export const saveToken = (userId: number, token: string) =>
  api('/api/notifications/saveToken', { method: 'POST', json: { userId, token, isAllow: 'true' } });
