import { POSITION_LABELS, type RoomEvent } from '@toron/engine';

/**
 * What the aria-live region says for an event, or null: turn changes, speech, observer chat,
 * and the moments that change the screen (docs/product-rules.md#phases, as a screen reader hears them). The end of
 * matching is not here: the waiting room's own live text says it.
 */
export function announcementOf(event: RoomEvent, totalTurns: number): string | null {
  switch (event.type) {
    case 'DebaterJoined':
      return `${event.nickname}님이 ${POSITION_LABELS[event.side]} 측으로 입장했습니다.`;
    case 'DebaterLeft':
      return `${event.nickname}님이 나갔습니다.`;
    case 'DebateStarted':
      return '토론이 시작되었습니다.';
    case 'TurnStarted':
      return `${POSITION_LABELS[event.side]} 측 발언 차례입니다. 남은 턴 ${totalTurns - event.index}.`;
    case 'Spoke':
      return `${POSITION_LABELS[event.side]} ${event.nickname}: ${event.text}`;
    case 'ObserverChatted':
      return `참관자 ${event.nickname}: ${event.text}`;
    case 'DebateEnded':
      return '토론이 끝났습니다. 곧 투표가 시작됩니다.';
    case 'VotingOpened':
      return '찬반 투표가 시작되었습니다.';
    case 'VotingClosed':
      return '투표가 끝났습니다. 결과를 확인하세요.';
    case 'RoomClosed':
      return '토론이 완료되었습니다.';
    case 'WonByDefault':
      return `${POSITION_LABELS[event.winner]} 측의 부전승으로 결과가 결정되었습니다.`;
    case 'ExitOverflow':
      return '토론자가 나가 토론이 종료되었습니다.';
    default:
      return null;
  }
}
