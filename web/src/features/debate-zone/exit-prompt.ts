import type { RoomState } from '@toron/engine';
import type { Role } from './room-controller';
import { isTeamRoom } from './screen';

const ASK = '정말로 나가시겠습니까?';

/**
 * The leave prompt (docs/product-rules.md#exits). Once the roster is fixed a debater's leaving can end the room
 * (#walkovers): the prompt says what it costs, so that nobody takes 나가기 (or 홈으로 on the vote) for a harmless
 * way out after the last turn.
 */
export function exitPrompt(state: RoomState, role: Role): string {
  const fixed = state.phase === 'starting' || state.phase === 'debating' || state.phase === 'voting';
  if (role !== 'debater' || !fixed || !state.settings) return ASK;
  const team = isTeamRoom(state);
  const cost = state.settings.resultEnabled
    ? team
      ? '우리 측에 토론자가 한 명만 남으면 나간 토론자도 부전패로 처리됩니다.'
      : '지금 나가면 부전패로 처리됩니다.'
    : team
      ? '우리 측에 토론자가 한 명만 남으면 토론이 종료됩니다.'
      : '지금 나가면 토론이 종료됩니다.';
  return `${ASK}\n${cost}`;
}
