import { NOTIFICATIONS_QUEUE, type LiveNotification, type NotificationItem } from '@toron/engine';
import type { Logger } from 'pino';
import type { Storage, Stores } from '../db/storage.js';
import type { PushDrain } from './push-drain.js';
import type { NewNotification } from './store.js';
import type { NotificationRow } from './tables.js';
import { toNotificationView } from './view.js';

/** Live delivery to a user's open sessions (the STOMP broker in the app, anything alike in tests). */
export type LiveChannel = { publishToUser(userId: number, destination: string, payload: unknown): Promise<void> };

/** What a notification is: its stored fields and the page a push opens. */
export type NotificationInput = NewNotification & { url: string };

export type Notifier = {
  /** Stores the notification, then delivers it live and by Web Push (both best effort). */
  notify(input: NotificationInput): Promise<NotificationItem>;
  /**
   * Writes the notifications and their queued pushes inside the caller's transaction (two
   * statements however many), so they commit with what they tell about or not at all; the caller
   * `deliver`s each row once it has committed.
   */
  store(tx: Stores, inputs: readonly NotificationInput[]): Promise<NotificationRow[]>;
  /** Delivers a committed notification live and sends its push, in the background (best effort; see settled). */
  deliver(row: NotificationRow): void;
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
  const store = async (tx: Stores, inputs: readonly NotificationInput[]): Promise<NotificationRow[]> => {
    const rows = await tx.notifications.insert(inputs.map(({ url: _url, ...stored }) => stored));
    // Each push is queued with its notification: sent once by whichever node drains it, never lost in between.
    await tx.pushOutbox.add(
      inputs.map(({ userId, content, url, at }) => ({ userId, message: { title: '알림', body: content, url }, at })),
    );
    return rows;
  };
  const publish = async (row: NotificationRow): Promise<void> => {
    const live = deps.live();
    if (!live) return;
    // The live frame: the new item and the user's unread count after it.
    const frame: LiveNotification = {
      type: 'NOTIFICATION',
      notification: toNotificationView(row),
      unreadCount: await notifications.countUnread(row.userId),
    };
    await live.publishToUser(row.userId, NOTIFICATIONS_QUEUE, frame);
  };
  const deliver = (row: NotificationRow): void => {
    track(publish(row));
    track(deps.pushes.kick());
  };
  const notify = async (input: NotificationInput): Promise<NotificationItem> => {
    const [row] = await deps.storage.transaction((tx) => store(tx, [input]));
    deliver(row!);
    return toNotificationView(row!);
  };
  return {
    notify,
    store,
    deliver,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
