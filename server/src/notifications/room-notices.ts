import { roomOutcome, type RoomEnding, type VoteTally } from '@toron/engine';
import type { CommitWriter } from '../debates/directory.js';
import type { NotificationInput, Notifier } from './notifier.js';
import { debateEndedText, links, recruitmentText } from './texts.js';

/** CHAT: the user's room finished recruiting (typeId = the user's own id, the room in `roomId`). */
export const recruitmentNotification = (e: { roomId: string; userId: number; at: Date }): NotificationInput => ({
  userId: e.userId,
  type: 'CHAT',
  typeId: e.userId,
  roomId: e.roomId,
  content: recruitmentText(),
  at: e.at,
  url: links.room(e.roomId),
});

/**
 * DEBATE: the user's debate ended, with their record outcome (null: no result), how the room ended
 * and its final counts. typeId is the user's own id, which the original client links to a profile.
 */
export const debateEndedNotification = (e: {
  roomId: string;
  title: string;
  userId: number;
  outcome: 'WIN' | 'DRAW' | 'LOSS' | null;
  ending: RoomEnding;
  tally: VoteTally | null;
  at: Date;
}): NotificationInput => ({
  userId: e.userId,
  type: 'DEBATE',
  typeId: e.userId,
  roomId: e.roomId,
  content: debateEndedText(e.title, e.outcome, e.ending, e.tally),
  at: e.at,
  url: links.archivedRoom(e.roomId),
});

/**
 * Writes a room's notifications in the transaction of the batch that brings them, so a committed
 * ending or recruitment always has them and a replay of the log never makes them again: CHAT when
 * recruitment completes, only for a debater not in the room then (one watching the countdown needs
 * no "대기가 완료되었습니다"), and DEBATE for each debater when the room ends. They are delivered
 * once the batch has committed.
 */
export function roomNotifications(notifier: Notifier): CommitWriter {
  return async (tx, { roomId, state, notices }) => {
    const title = state.settings?.title ?? '';
    const at = new Date(state.lastAt);
    const ended = roomOutcome(state);
    const inputs = notices.flatMap((n): NotificationInput[] => {
      const { userId } = n;
      if (n.kind === 'recruitment-completed') return n.present ? [] : [recruitmentNotification({ roomId, userId, at })];
      if (!ended) return [];
      const { ending, tally } = ended;
      return [debateEndedNotification({ roomId, title, userId, outcome: n.outcome, ending, tally, at })];
    });
    if (inputs.length === 0) return undefined;
    const rows = await notifier.store(tx, inputs);
    return () => rows.forEach((row) => notifier.deliver(row));
  };
}
