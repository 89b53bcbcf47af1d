import type { Stores } from '../db/storage.js';
import type { NotificationInput } from './notifier.js';
import { followText, links } from './texts.js';

/**
 * A member who follows, unfollows and follows again is announced once a day at most: the
 * repeats are collapsed into the first notification (no new item, no new push).
 */
const FOLLOW_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * FOLLOW (typeId = the follower) for a follow that `tx` has just added, read in that same
 * transaction so the notification commits with the follow or not at all; null when the follower is
 * gone or was already announced to this member within the window.
 */
export async function followNotification(
  tx: Stores,
  follow: { followerId: number; followeeId: number; at: Date },
): Promise<NotificationInput | null> {
  const follower = await tx.users.findById(follow.followerId);
  if (!follower) return null;
  const since = new Date(follow.at.getTime() - FOLLOW_REPEAT_WINDOW_MS);
  if (await tx.notifications.hasSince(follow.followeeId, 'FOLLOW', follower.id, since)) return null;
  return {
    userId: follow.followeeId,
    type: 'FOLLOW',
    typeId: follower.id,
    content: followText(follower.nickname),
    at: follow.at,
    url: links.profile(follower.id),
  };
}
