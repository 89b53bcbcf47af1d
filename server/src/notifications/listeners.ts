import type { Storage } from '../db/storage.js';
import type { DomainEvents, EventBus } from '../events.js';
import type { NotificationInput, Notifier } from './notifier.js';
import { debateEndedText, followText, links, recruitmentText } from './texts.js';

/**
 * A member who follows, unfollows and follows again is announced once a day at most: the
 * repeats are collapsed into the first notification (no new item, no new push).
 */
const FOLLOW_REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Turns domain events into notifications: FOLLOW (typeId = the follower), CHAT when a room's
 * recruitment completes — only for a debater who is not in the room then (one watching the
 * countdown needs no "대기가 완료되었습니다") — and DEBATE when a debate ends (typeId = the user's
 * own id, which the original client links to a profile; the room travels in `roomId`). Returns
 * the unsubscribe.
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
  const offs = [
    events.on('follow', (e) => notifier.notifyLater(followNotice(e))),
    events.on('recruitment-completed', (e) => {
      if (e.present) return;
      notifier.notifyLater({
        userId: e.userId,
        type: 'CHAT',
        typeId: e.userId,
        roomId: e.roomId,
        content: recruitmentText(),
        at: e.at,
        url: links.room(e.roomId),
      });
    }),
    events.on('debate-ended', (e) => {
      notifier.notifyLater({
        userId: e.userId,
        type: 'DEBATE',
        typeId: e.userId,
        roomId: e.roomId,
        content: debateEndedText(e.title, e.outcome, e.ending, e.tally),
        at: e.at,
        url: links.archivedRoom(e.roomId),
      });
    }),
  ];
  return () => offs.forEach((off) => off());
}
