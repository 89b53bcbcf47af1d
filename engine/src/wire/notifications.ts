/**
 * The shapes of notifications on the wire (docs/wire-contract.md#notifications): one item as the list (F1) and the live
 * notification socket carry it, and the socket's frame. The server answers with them; the web parses with them.
 */
import { z } from 'zod';

export const NOTIFICATION_TYPES = ['REPORT', 'CHAT', 'DEBATE', 'FOLLOW'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_STATUSES = ['UNREAD', 'READ'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One notification; `roomId` only on room notifications. */
export const notificationSchema = z.object({
  id: z.number().int(),
  notificationType: z.enum(NOTIFICATION_TYPES),
  typeId: z.number().int(),
  content: z.string(),
  statusType: z.enum(NOTIFICATION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  roomId: z.string().optional(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** The live frame on the notification socket: the new item and the user's unread count after it. */
export const liveNotificationSchema = z
  .object({ type: z.literal('NOTIFICATION'), notification: notificationSchema, unreadCount: z.number().int() })
  .meta({ id: 'LiveNotification', description: '새 알림과 읽지 않은 알림 수' });
export type LiveNotification = z.infer<typeof liveNotificationSchema>;
