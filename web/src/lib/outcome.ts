import { POSITION_LABELS, type RoomOutcome, type Side, type VoteTally } from '@toron/engine';

/** The look of an outcome: the side it favours (its colour and label), or none. */
export type OutcomeTone = Side | 'NEUTRAL';

/**
 * How a finished room ended, in a few words: 찬성 승리, 무승부, 반대 부전승, 승패 없음 (completed
 * without a vote), 중단 (a side left a room without a vote), 열리지 않음 (nobody stayed to start it).
 */
export function outcomeLabel(outcome: RoomOutcome): string {
  const { ending, winner } = outcome;
  if ((ending === 'VOTE' || ending === 'WALKOVER') && winner !== null) {
    if (winner === 'DRAW') return '무승부';
    return `${POSITION_LABELS[winner]} ${ending === 'VOTE' ? '승리' : '부전승'}`;
  }
  if (ending === 'STOPPED') return '중단';
  if (ending === 'CANCELLED') return '열리지 않음';
  return '승패 없음';
}

/**
 * How a finished debate came to its end, said beside its outcome where a running debate shows its
 * turns: a walkover or an exit overflow cut it short (the turns it had left never came), a vote
 * gives its split, a debate without a vote ran all its turns.
 */
export function endingText(outcome: RoomOutcome): string {
  switch (outcome.ending) {
    case 'WALKOVER':
    case 'STOPPED':
      return '디베이터가 나가 조기 종료';
    case 'VOTE':
      return outcome.tally ? voteSplitText(outcome.tally) : '투표로 결정';
    case 'COMPLETED':
      return '모든 발언 종료';
    case 'CANCELLED':
      return '시작 전 종료';
  }
}

/** Whether a closed vote had no ballot at all: its draw is then explained, not left as a bare 무승부. */
export const nobodyVoted = (tally: VoteTally): boolean =>
  tally.agreeNumber + tally.disagreeNumber + tally.neutralNumber === 0;

/** The side an outcome is coloured with: the winner's, else neutral. */
export function outcomeTone(outcome: RoomOutcome): OutcomeTone {
  return outcome.winner === 'PRO' || outcome.winner === 'CON' ? outcome.winner : 'NEUTRAL';
}

/** "찬성 2 · 반대 1 · 기권 0". */
export function voteSplitText(tally: VoteTally): string {
  return `찬성 ${tally.agreeNumber} · 반대 ${tally.disagreeNumber} · 기권 ${tally.neutralNumber}`;
}

/** What a debate gave one member: 승, 무, 패, or 참관 when they watched it. */
export type PersonalResult = 'WIN' | 'DRAW' | 'LOSS' | 'OBSERVED';

export const PERSONAL_RESULT_LABELS: Record<PersonalResult, string> = {
  WIN: '승',
  DRAW: '무',
  LOSS: '패',
  OBSERVED: '참관',
};
