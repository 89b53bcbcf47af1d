import { POSITION_LABELS, type ChatLine, type RoomEvent } from '@toron/engine';
import { nobodyVoted } from '../../lib/outcome';

/** One line of a room chat: a message, or a system announcement shown under the name 공지. */
export type ChatItem =
  | ({ readonly kind: 'message' } & ChatLine)
  | { readonly kind: 'notice'; readonly seq: number; readonly at: number; readonly text: string };

const notice = (e: RoomEvent, text: string): ChatItem => ({ kind: 'notice', seq: e.seq, at: e.at, text });

function debateNotice(e: RoomEvent): ChatItem | null {
  switch (e.type) {
    case 'DebateStarted':
      return notice(e, '토론이 시작되었습니다. 찬성 측부터 발언합니다.');
    case 'DebaterLeft':
      return notice(e, `${e.nickname}님이 토론방을 나갔습니다.`);
    case 'DebaterDisconnected':
      return notice(e, `${e.nickname}님의 연결이 끊겼습니다. 잠시 기다립니다.`);
    case 'DebaterReconnected':
      return notice(e, `${e.nickname}님이 다시 연결되었습니다.`);
    case 'DebateEnded':
      return notice(e, '모든 발언이 끝났습니다. 곧 투표가 시작됩니다.');
    // How the room ended, so that a replay played to its end says it too.
    case 'VotingOpened':
      return notice(e, '찬반 투표가 시작되었습니다.');
    case 'VotingClosed': {
      if (nobodyVoted(e.tally)) return notice(e, '투표가 끝났습니다. 아무도 투표하지 않아 무승부입니다.');
      const { agreeNumber, disagreeNumber, neutralNumber } = e.tally;
      const verdict = e.outcome === 'DRAW' ? '무승부입니다' : `${POSITION_LABELS[e.outcome]} 측이 이겼습니다`;
      return notice(
        e,
        `투표가 끝났습니다. 찬성 ${agreeNumber}표, 반대 ${disagreeNumber}표, 기권 ${neutralNumber}표로 ${verdict}.`,
      );
    }
    case 'WonByDefault':
      return notice(e, `${POSITION_LABELS[e.winner]} 측의 부전승으로 결과가 결정되었습니다.`);
    case 'ExitOverflow':
      return notice(e, '한 측의 디베이터가 나갔으므로 토론이 종료되었습니다.');
    case 'RoomClosed':
      return notice(e, '토론이 모두 종료되었습니다.');
    default:
      return null;
  }
}

/**
 * The debate chat of a log, oldest first: speech plus the notices debaters should see. Comings and
 * goings while the room waits are not part of the debate (whoever left then either came back or
 * never held a seat in it), so notices start with the debate.
 */
export function debateChat(log: readonly RoomEvent[]): ChatItem[] {
  const items: ChatItem[] = [];
  let started = false;
  for (const e of log) {
    if (e.type === 'DebateStarted') started = true;
    if (e.type === 'Spoke')
      items.push({
        kind: 'message',
        seq: e.seq,
        at: e.at,
        userId: e.userId,
        nickname: e.nickname,
        imageUrl: e.imageUrl,
        side: e.side,
        text: e.text,
      });
    else if (started) {
      const n = debateNotice(e);
      if (n) items.push(n);
    }
  }
  return items;
}

/** The observers' chat of a log, oldest first (only non-empty messages exist in the log). */
export function observerChat(log: readonly RoomEvent[]): ChatItem[] {
  const items: ChatItem[] = [];
  for (const e of log) {
    if (e.type === 'ObserverChatted')
      items.push({
        kind: 'message',
        seq: e.seq,
        at: e.at,
        userId: e.userId,
        nickname: e.nickname,
        imageUrl: e.imageUrl,
        side: 'OBSERVER',
        text: e.text,
      });
    else if (e.type === 'ObserverJoined') items.push(notice(e, `${e.nickname}님이 참관을 시작했습니다.`));
  }
  return items;
}

/** How many messages (not notices) a chat holds. */
export function messageCount(items: readonly ChatItem[]): number {
  return items.reduce((n, item) => (item.kind === 'message' ? n + 1 : n), 0);
}
