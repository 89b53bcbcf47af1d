import { describe, expect, it } from 'vitest';
import { debateChat } from '../../src/features/debate-zone/chat-items';
import { recordedLog } from './recorded';

const notices = (log: Parameters<typeof debateChat>[0]) =>
  debateChat(log).flatMap((item) => (item.kind === 'notice' ? [item.text] : []));

describe('the debate chat', () => {
  it('starts its notices with the debate: who left the waiting room is not told as leaving the debate', () => {
    const log = recordedLog('walkover');
    const start = log.findIndex((e) => e.type === 'DebateStarted');
    const leftWhileWaiting = recordedLog('abandoned').filter((e) => e.type === 'DebaterLeft');
    expect(leftWhileWaiting).toHaveLength(1);
    const chat = notices([...log.slice(0, start), ...leftWhileWaiting, ...log.slice(start)]);
    expect(chat[0]).toBe('토론이 시작되었습니다. 찬성 측부터 발언합니다.');
    // The two debaters who left during the debate are told, in order.
    const left = log
      .slice(start)
      .flatMap((e) => (e.type === 'DebaterLeft' ? [`${e.nickname}님이 토론방을 나갔습니다.`] : []));
    expect(left).toHaveLength(2);
    expect(chat.filter((text) => text.endsWith('토론방을 나갔습니다.'))).toEqual(left);
  });

  it('tells how the room ended, so a replay played to its end says it', () => {
    expect(notices(recordedLog('one-on-one-vote')).slice(-3)).toEqual([
      '모든 발언이 끝났습니다. 곧 투표가 시작됩니다.',
      '찬반 투표가 시작되었습니다.',
      '투표가 끝났습니다. 찬성 3표, 반대 1표, 기권 0표로 찬성 측이 이겼습니다.',
    ]);
    expect(notices(recordedLog('walkover')).at(-1)).toMatch(/^(찬성|반대) 측의 부전승으로 결과가 결정되었습니다\.$/);
    expect(notices(recordedLog('exit-overflow')).at(-1)).toBe('한 측의 디베이터가 나갔으므로 토론이 종료되었습니다.');
    expect(notices(recordedLog('three-on-three-no-vote')).at(-1)).toBe('토론이 모두 종료되었습니다.');
  });

  it('says why a vote nobody cast ends in a draw', () => {
    const empty = { agreeNumber: 0, disagreeNumber: 0, neutralNumber: 0 };
    const log = recordedLog('one-on-one-vote').map((e) =>
      e.type === 'VotingClosed' ? { ...e, tally: empty, outcome: 'DRAW' as const } : e,
    );
    expect(notices(log).at(-1)).toBe('투표가 끝났습니다. 아무도 투표하지 않아 무승부입니다.');
  });
});
