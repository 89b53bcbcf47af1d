import { NOTIFICATIONS_QUEUE, type LiveNotification, type NotificationItem } from '@toron/engine';
import type { Logger } from 'pino';
import type { Storage } from '../db/storage.js';
import type { PushDrain } from './push-drain.js';
import type { NewNotification } from './store.js';
import { toNotificationView } from './view.js';

/** Live delivery to a user's open sessions (the STOMP broker in the app, anything alike in tests). */
export type LiveChannel = { publishToUser(userId: number, destination: string, payload: unknown): Promise<void> };

/** The live frame: the new item and the user's unread count after it. */

/** What a notification is: its stored fields and the page a push opens. */
export type NotificationInput = NewNotification & { url: string };

export type Notifier = {
  /** Stores the notification, then delivers it live and by Web Push (both best effort). */
  notify(input: NotificationInput): Promise<NotificationItem>;
  /**
   * The same in the background, for listeners of synchronous domain events: `input` may still be
   * looked up (null = nothing to notify); a failure is logged, and settled() waits for it.
   */
  notifyLater(input: NotificationInput | Promise<NotificationInput | null>): void;
  /** Resolves once every delivery started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
};

/**
 * The one way a notification is created. Storing never depends on push opt-in
 * (docs/product-rules.md#notifications); delivery failures are logged, never thrown at the caller.
 */
export function createNotifier(deps: {
  storage: Storage;
  logger: Logger;
  /** Sends the pushes queued with each notification. */
  pushes: PushDrain;
  live: () => LiveChannel | null;
}): Notifier {
  const { notifications } = deps.storage;
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<unknown>) => {
    const done = p
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.warn({ err }, 'notification delivery failed'))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  const notify = async (input: NotificationInput): Promise<NotificationItem> => {
    const { url, ...stored } = input;
    // The push is queued with its notification: sent once by whichever node drains it, never lost in between.
    const row = await deps.storage.transaction(async (tx) => {
      const inserted = await tx.notifications.insert(stored);
      await tx.pushOutbox.add(inserted.userId, { title: '알림', body: inserted.content, url }, input.at);
      return inserted;
    });
    const view = toNotificationView(row);
    const frame: LiveNotification = {
      type: 'NOTIFICATION',
      notification: view,
      unreadCount: await notifications.countUnread(row.userId),
    };
    const live = deps.live();
    if (live) track(live.publishToUser(row.userId, NOTIFICATIONS_QUEUE, frame));
    track(deps.pushes.kick());
    return view;
  };
  return {
    notify,
    notifyLater(input) {
      track(Promise.resolve(input).then((resolved) => resolved && notify(resolved)));
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
