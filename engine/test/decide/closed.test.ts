import { describe, expect, it } from 'vitest';
import { execute, replay, type Command } from '../../src/index.js';
import { cmd, given, history, oneOnOne, T0 } from '../support/dsl.js';

const endings = {
  closed: history(...oneOnOne(), cmd.tick(T0 + 1_000_000)),
  closedWithoutVote: history(...oneOnOne({ resultEnabled: false }), cmd.tick(T0 + 1_000_000)),
  wonByDefault: history(...oneOnOne(), cmd.leave(1)),
  exitOverflow: history(...oneOnOne({ resultEnabled: false }), cmd.leave(1)),
  abandoned: history(cmd.open(), cmd.join(1, 'PRO'), cmd.leave(1)),
};

const later = T0 + 2_000_000;
const everything: Command[] = [
  cmd.join(1, 'PRO', later),
  cmd.join(9, 'CON', later),
  cmd.observe(9, later),
  cmd.unobserve(9, later),
  cmd.leave(1, later),
  cmd.disconnect(2, later),
  cmd.reconnect(2, later),
  cmd.speak(1, '발언', later),
  cmd.chat(9, '채팅', later),
  cmd.vote(1, 'PRO', later),
  cmd.tick(later),
  cmd.shift(1000, later),
];

describe('ended rooms refuse everything', () => {
  for (const [name, log] of Object.entries(endings)) {
    it(`${name} (${replay(log).phase}) answers ROOM_CLOSED to every command and appends nothing`, () => {
      for (const command of everything) {
        given(log).when(command).thenRejects('ROOM_CLOSED');
        expect(execute(replay(log), command)).toEqual({
          events: [],
          state: replay(log),
          rejection: { code: 'ROOM_CLOSED', message: '이미 완료된 토론 방입니다.' },
        });
      }
    });
  }
});

describe('execute', () => {
  it('applies the due transitions first, then decides the command against the advanced state', () => {
    const { events, rejection } = execute(replay(history(...oneOnOne())), cmd.speak(1, '시작', T0 + 6000));
    expect(rejection).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['DebateStarted', 'TurnStarted', 'Spoke']);
  });

  it('keeps the due events when the command is refused', () => {
    const { events, rejection } = execute(replay(history(...oneOnOne())), cmd.speak(2, '내 차례?', T0 + 6000));
    expect(rejection?.code).toBe('NOT_YOUR_TURN');
    expect(events.map((e) => e.type)).toEqual(['DebateStarted', 'TurnStarted']);
  });

  it('never lets a command ride on a state whose deadline has passed', () => {
    const { events, rejection } = execute(replay(history(...oneOnOne())), cmd.join(9, 'PRO', T0 + 6000));
    expect(rejection?.code).toBe('ROOM_NOT_RECRUITING');
    expect(events).toHaveLength(2);
  });
});
