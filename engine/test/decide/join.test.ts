import { describe, expect, it } from 'vitest';
import { replay } from '../../src/index.js';
import { cmd, fullOneOnOne, fullThreeOnThree, given, history, T0, user } from '../support/dsl.js';

const member = (id: number) => user(id);

describe('joinAsDebater', () => {
  it('seats a debater on the chosen side', () => {
    given(history(cmd.open()))
      .when(cmd.join(1, 'CON'))
      .then([{ type: 'DebaterJoined', ...member(1), side: 'CON' }]);
  });

  it('completes recruitment when the last seat is taken, with the roster and the 5 s countdown', () => {
    const events = given(history(cmd.open(), cmd.join(1, 'PRO')))
      .when(cmd.join(2, 'CON', T0 + 700))
      .then([
        { type: 'DebaterJoined', ...member(2), side: 'CON' },
        { type: 'RecruitmentCompleted', roster: { PRO: [member(1)], CON: [member(2)] }, startsAt: T0 + 5700 },
      ]);
    expect(events.map((e) => e.at)).toEqual([T0 + 700, T0 + 700]);
  });

  it('completes a 3:3 room only when both sides hold three', () => {
    const log = history(
      cmd.open({ format: 'T2' }),
      cmd.join(1, 'PRO'),
      cmd.join(3, 'PRO'),
      cmd.join(5, 'PRO'),
      cmd.join(2, 'CON'),
      cmd.join(4, 'CON'),
    );
    expect(replay(log).phase).toBe('waiting');
    const [, completed] = given(log)
      .when(cmd.join(6, 'CON'))
      .then([
        { type: 'DebaterJoined', ...member(6), side: 'CON' },
        {
          type: 'RecruitmentCompleted',
          roster: { PRO: [1, 3, 5].map(member), CON: [2, 4, 6].map(member) },
          startsAt: T0 + 5000,
        },
      ]);
    expect(completed?.type).toBe('RecruitmentCompleted');
  });

  it('refuses a full side with SIDE_FULL', () => {
    given(history(cmd.open(), cmd.join(1, 'PRO')))
      .when(cmd.join(2, 'PRO'))
      .thenRejects('SIDE_FULL');
  });

  it('refuses a second seat on the same side with ALREADY_SEATED', () => {
    given(history(cmd.open({ format: 'T2' }), cmd.join(1, 'PRO')))
      .when(cmd.join(1, 'PRO'))
      .thenRejects('ALREADY_SEATED');
  });

  it('never seats one person on both sides', () => {
    given(history(cmd.open({ format: 'T2' }), cmd.join(1, 'PRO')))
      .when(cmd.join(1, 'CON'))
      .thenRejects('SEATED_ON_OTHER_SIDE');
  });

  it('refuses an observer with ALREADY_OBSERVING', () => {
    given(history(cmd.open(), cmd.observe(1)))
      .when(cmd.join(1, 'PRO'))
      .thenRejects('ALREADY_OBSERVING');
  });

  it('refuses newcomers once recruitment completed with ROOM_NOT_RECRUITING', () => {
    given(fullOneOnOne()).when(cmd.join(9, 'PRO')).thenRejects('ROOM_NOT_RECRUITING');
    given(fullThreeOnThree()).when(cmd.join(9, 'CON')).thenRejects('ROOM_NOT_RECRUITING');
  });

  it('treats a disconnected debater joining the same side again as a reconnect', () => {
    given(history(...fullCommands(), cmd.disconnect(1, T0 + 100)))
      .when(cmd.join(1, 'PRO', T0 + 200))
      .then([{ type: 'DebaterReconnected', userId: 1, nickname: user(1).nickname, side: 'PRO' }]);
  });

  it('treats a rejoin while waiting as a reconnect too', () => {
    given(history(cmd.open({ format: 'T2' }), cmd.join(1, 'PRO'), cmd.disconnect(1)))
      .when(cmd.join(1, 'PRO'))
      .then([{ type: 'DebaterReconnected', userId: 1, nickname: user(1).nickname, side: 'PRO' }]);
  });

  it('lets a freed seat be taken again while waiting', () => {
    given(history(cmd.open({ format: 'T2' }), cmd.join(1, 'PRO'), cmd.join(3, 'PRO'), cmd.leave(1)))
      .when(cmd.join(1, 'CON'))
      .then([{ type: 'DebaterJoined', ...member(1), side: 'CON' }]);
  });
});

function fullCommands() {
  return [cmd.open(), cmd.join(1, 'PRO'), cmd.join(2, 'CON')];
}
