import type { Storage } from '../db/storage.js';
import type { DomainEvents, EventBus } from '../events.js';
import type { NotificationInput, Notifier } from './notifier.js';
import { followText, links } from './texts.js';

/**
 * A member who follows, unfollows and follows again is announced once a day at most: the
 * repeats are collapsed into the first notification (no new item, no new push).
 */
const FOLLOW_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Turns domain events into notifications: FOLLOW (typeId = the follower). A room's notices are
 * written with the room's own commit instead (see `roomNotifications`). Returns the unsubscribe.
 */
export function subscribeNotifications(storage: Storage, events: EventBus, notifier: Notifier): () => void {
  const followNotice = async (e: DomainEvents['follow']): Promise<NotificationInput | null> => {
    const follower = await storage.users.findById(e.followerId);
    if (!follower) return null;
    const since = new Date(e.at.getTime() - FOLLOW_REPEAT_WINDOW_MS);
    if (await storage.notifications.hasSince(e.followeeId, 'FOLLOW', follower.id, since)) return null;
    return {
      userId: e.followeeId,
      type: 'FOLLOW',
      typeId: follower.id,
      content: followText(follower.nickname),
      at: e.at,
      url: links.profile(follower.id),
    };
  };
  return events.on('follow', (e) => notifier.notifyLater(followNotice(e)));
}
