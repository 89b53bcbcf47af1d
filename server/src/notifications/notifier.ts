import { NOTIFICATIONS_QUEUE } from '@toron/engine';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import type { PushSender } from './push-sender.js';
import type { liveNotificationSchema } from './schemas.js';
import { countUnread, insertNotification, type NewNotification } from './store.js';
import { toNotificationView, type NotificationView } from './view.js';

/** Live delivery to a user's open sessions (the STOMP broker in the app, anything alike in tests). */
export type LiveChannel = { publishToUser(userId: number, destination: string, payload: unknown): Promise<void> };

/** The live frame: the new item and the user's unread count after it. */
type LiveNotification = z.infer<typeof liveNotificationSchema>;

export type Notifier = {
  /** Stores the notification, then delivers it live and by Web Push (both best effort). */
  notify(input: NewNotification & { url: string }): NotificationView;
  /** Resolves once every delivery started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
};

/**
 * The one way a notification is created. Storing never depends on push opt-in
 * (docs/product-rules.md#notifications); delivery failures are logged, never thrown at the caller.
 */
export function createNotifier(deps: {
  db: Db;
  logger: Logger;
  push: PushSender;
  live: () => LiveChannel | null;
}): Notifier {
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    const done = p
      .catch((err: unknown) => deps.logger.warn({ err }, 'notification delivery failed'))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  return {
    notify(input) {
      const { url, ...stored } = input;
      const row = insertNotification(deps.db, stored);
      const view = toNotificationView(row);
      const frame: LiveNotification = {
        type: 'NOTIFICATION',
        notification: view,
        unreadCount: countUnread(deps.db, row.userId),
      };
      const live = deps.live();
      if (live) track(live.publishToUser(row.userId, NOTIFICATIONS_QUEUE, frame));
      track(deps.push.send(row.userId, { title: '알림', body: row.content, url }));
      return view;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
