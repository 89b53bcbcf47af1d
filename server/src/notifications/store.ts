import type { NotificationRow, NotificationType } from './tables.js';

export type NewNotification = {
  userId: number;
  type: NotificationType;
  typeId: number;
  roomId?: string | null;
  content: string;
  at: Date;
};

/** Stored notifications (SQLite and PostgreSQL implement it alike). */
export interface NotificationStore {
  /** Stores unread notifications (one statement however many) and returns them. */
  insert(ns: readonly NewNotification[]): Promise<NotificationRow[]>;
  /** Whether the user already has a notification of this kind about `typeId` created at or after `since`. */
  hasSince(userId: number, type: NotificationType, typeId: number, since: Date): Promise<boolean>;
  /** One page (0-based index) of a user's notifications, newest first, with the total count. */
  page(userId: number, pageIndex: number, size: number): Promise<{ rows: NotificationRow[]; total: number }>;
  /** How many of a user's notifications are unread. */
  countUnread(userId: number): Promise<number>;
  /** Marks one of the user's notifications read (twice changes nothing); false when the user has none with that id. */
  markRead(id: number, userId: number, at: Date): Promise<boolean>;
  /** Marks every unread notification of the user read; returns how many changed. */
  markAllRead(userId: number, at: Date): Promise<number>;
  /** Deletes one of the user's notifications; false when the user has none with that id. */
  remove(id: number, userId: number): Promise<boolean>;
  /** Deletes every notification of the user; returns how many. */
  removeAll(userId: number): Promise<number>;
}

/** The row values of a new notification. */
export const notificationValues = (n: NewNotification) => {
  const at = n.at.getTime();
  return {
    userId: n.userId,
    type: n.type,
    typeId: n.typeId,
    roomId: n.roomId ?? null,
    content: n.content,
    createdAt: at,
    updatedAt: at,
  };
};
