import { replay, type RoomEvent } from '@toron/engine';
import { describe, expect, it } from 'vitest';
import { exitPrompt } from '../../src/features/debate-zone/exit-prompt';
import { recordedLog } from './recorded';

const ASK = '정말로 나가시겠습니까?';

/** The room state of a recorded log up to (not including) its first event of `type`. */
function before(log: readonly RoomEvent[], type: RoomEvent['type']) {
  return replay(
    log.slice(
      0,
      log.findIndex((e) => e.type === type),
    ),
  );
}

describe('the leave prompt says what leaving costs a debater once the roster is fixed', () => {
  const oneOnOne = recordedLog('one-on-one-vote');
  const teamNoVote = recordedLog('three-on-three-no-vote');
  const exitOverflow = recordedLog('exit-overflow');
  const teamVote = recordedLog('walkover');

  it('a 1:1 debater with a vote: a walkover lost, while debating and while voting', () => {
    for (const state of [before(oneOnOne, 'Spoke'), before(oneOnOne, 'Voted')]) {
      expect(exitPrompt(state, 'debater')).toBe(`${ASK}\n지금 나가면 부전패로 처리됩니다.`);
    }
  });

  it('a 3:3 debater with a vote: the walkover once their side is down to one', () => {
    expect(exitPrompt(before(teamVote, 'DebaterLeft'), 'debater')).toBe(
      `${ASK}\n우리 측에 토론자가 한 명만 남으면 나간 토론자도 부전패로 처리됩니다.`,
    );
  });

  it('without a vote: the debate ends', () => {
    expect(exitPrompt(before(exitOverflow, 'DebaterLeft'), 'debater')).toBe(`${ASK}\n지금 나가면 토론이 종료됩니다.`);
    expect(exitPrompt(before(teamNoVote, 'Spoke'), 'debater')).toBe(
      `${ASK}\n우리 측에 토론자가 한 명만 남으면 토론이 종료됩니다.`,
    );
  });

  it('only the question while waiting, once the room has ended, and for observers', () => {
    expect(exitPrompt(before(oneOnOne, 'RecruitmentCompleted'), 'debater')).toBe(ASK);
    expect(exitPrompt(replay(oneOnOne), 'debater')).toBe(ASK);
    expect(exitPrompt(before(oneOnOne, 'Spoke'), 'observer')).toBe(ASK);
  });
});
