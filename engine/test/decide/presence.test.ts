import { describe, expect, it } from 'vitest';
import { nextDeadline, replay } from '../../src/index.js';
import {
  cmd,
  fullOneOnOne,
  given,
  history,
  oneOnOne as replayCommands,
  T0,
  threeOnThree as threeCommands,
  user,
} from '../support/dsl.js';

const nick = (id: number) => user(id).nickname;
const left = (id: number, side: 'PRO' | 'CON', reason: 'left' | 'grace-expired' = 'left') =>
  ({ type: 'DebaterLeft', userId: id, nickname: nick(id), side, reason }) as const;

describe('leave while recruiting', () => {
  it('frees the seat', () => {
    const log = history(cmd.open({ format: 'T2' }), cmd.join(1, 'PRO'), cmd.join(2, 'CON'));
    given(log)
      .when(cmd.leave(1))
      .then([left(1, 'PRO')]);
  });

  it('abandons the room when the last debater leaves', () => {
    given(history(cmd.open(), cmd.join(1, 'PRO')))
      .when(cmd.leave(1))
      .then([left(1, 'PRO'), { type: 'RoomAbandoned' }]);
  });

  it('keeps an empty just-opened room waiting (until its waiting limit)', () => {
    const state = replay(history(cmd.open(), cmd.observe(7), cmd.unobserve(7), cmd.tick(T0 + 60_000)));
    expect(state.phase).toBe('waiting');
  });

  it('refuses someone without a seat with NOT_A_DEBATER', () => {
    given(history(cmd.open())).when(cmd.leave(1)).thenRejects('NOT_A_DEBATER');
    given(history(cmd.open(), cmd.observe(1)))
      .when(cmd.leave(1))
      .thenRejects('NOT_A_DEBATER');
  });
});

describe('leave once the roster is fixed', () => {
  it('1:1 with a vote: the remaining side wins by default, in the countdown too', () => {
    given(fullOneOnOne())
      .when(cmd.leave(1, T0 + 1000))
      .then([left(1, 'PRO'), { type: 'WonByDefault', winner: 'CON' }]);
  });

  it('1:1 with a vote, CON leaving mid-debate: PRO wins (not the old server’s inverted winner)', () => {
    const log = history(...replayCommands(), cmd.tick(T0 + 5000));
    given(log)
      .when(cmd.leave(2, T0 + 6000))
      .then([left(2, 'CON'), { type: 'WonByDefault', winner: 'PRO' }]);
  });

  it('1:1 without a vote: the room ends with no result', () => {
    given(fullOneOnOne({ resultEnabled: false }))
      .when(cmd.leave(2))
      .then([left(2, 'CON'), { type: 'ExitOverflow' }]);
  });

  it('3:3: a side going down to two continues, down to one ends', () => {
    const log = history(...threeCommands(), cmd.tick(T0 + 5000), cmd.leave(1, T0 + 6000));
    expect(replay(log).phase).toBe('debating');
    given(log)
      .when(cmd.leave(3, T0 + 7000))
      .then([left(3, 'PRO'), { type: 'WonByDefault', winner: 'CON' }]);
  });

  it('3:3 without a vote: exit overflow when a side is down to one', () => {
    const after = history(...threeCommands({ resultEnabled: false }), cmd.leave(2));
    given(after)
      .when(cmd.leave(4))
      .then([left(4, 'CON'), { type: 'ExitOverflow' }]);
  });

  it('during the vote: a walkover still ends it, and no vote deadline remains', () => {
    const log = history(...replayCommands(), cmd.tick(T0 + 5000 + 6 * 30000 + 3000));
    expect(replay(log).vote?.open).toBe(true);
    const events = given(log)
      .when(cmd.leave(1))
      .then([left(1, 'PRO'), { type: 'WonByDefault', winner: 'CON' }]);
    const state = replay([...log, ...events]);
    expect(state.phase).toBe('wonByDefault');
    expect(nextDeadline(state)).toBeNull();
  });

  it('a walkover cancels every pending deadline: a late tick yields nothing more', () => {
    const log = history(...replayCommands(), cmd.disconnect(2, T0 + 100), cmd.leave(1, T0 + 200));
    const state = replay(log);
    expect(state.result).toEqual({ kind: 'walkover', winner: 'CON' });
    expect(nextDeadline(state)).toBeNull();
    given(log)
      .when(cmd.tick(T0 + 10_000_000))
      .thenRejects('ROOM_CLOSED');
  });
});

describe('disconnect and reconnect', () => {
  it('keeps the seat for the grace period', () => {
    given(fullOneOnOne())
      .when(cmd.disconnect(1, T0 + 1000))
      .then([{ type: 'DebaterDisconnected', userId: 1, nickname: nick(1), side: 'PRO', graceEndsAt: T0 + 21000 }]);
  });

  it('a reconnect inside the grace cancels the leave', () => {
    const log = history(...replayCommands(), cmd.disconnect(1, T0 + 1000));
    given(log)
      .when(cmd.reconnect(1, T0 + 20999))
      .then([{ type: 'DebaterReconnected', userId: 1, nickname: nick(1), side: 'PRO' }]);
    const back = history(
      ...replayCommands(),
      cmd.disconnect(1, T0 + 1000),
      cmd.reconnect(1, T0 + 20999),
      cmd.tick(T0 + 60000),
    );
    expect(replay(back).phase).toBe('debating');
  });

  it('grace expiry is a leave, stamped at the grace end however late the tick', () => {
    const log = history(...replayCommands(), cmd.disconnect(1, T0 + 1000));
    const events = given(log)
      .when(cmd.tick(T0 + 25000))
      .then([
        { type: 'DebateStarted' },
        { type: 'TurnStarted', index: 0, side: 'PRO', endsAt: T0 + 35000 },
        left(1, 'PRO', 'grace-expired'),
        { type: 'WonByDefault', winner: 'CON' },
      ]);
    expect(events.map((e) => e.at - T0)).toEqual([5000, 5000, 21000, 21000]);
  });

  it('a reconnect after the grace is too late once a tick passed', () => {
    const log = history(...replayCommands(), cmd.disconnect(1, T0 + 1000), cmd.tick(T0 + 21000));
    given(log)
      .when(cmd.reconnect(1, T0 + 22000))
      .thenRejects('ROOM_CLOSED');
  });

  it('grace expiry while waiting frees the seat', () => {
    const log = history(cmd.open({ format: 'T2' }), cmd.join(1, 'PRO'), cmd.join(2, 'CON'), cmd.disconnect(1, T0));
    given(log)
      .when(cmd.tick(T0 + 20000))
      .then([left(1, 'PRO', 'grace-expired')]);
  });

  it('refuses reconnect when connected, disconnect twice, and strangers', () => {
    given(fullOneOnOne()).when(cmd.reconnect(1)).thenRejects('NOT_DISCONNECTED');
    given(history(...replayCommands(), cmd.disconnect(1)))
      .when(cmd.disconnect(1))
      .thenRejects('ALREADY_DISCONNECTED');
    given(fullOneOnOne()).when(cmd.disconnect(9)).thenRejects('NOT_A_DEBATER');
    given(fullOneOnOne()).when(cmd.reconnect(9)).thenRejects('NOT_A_DEBATER');
  });

  it('an explicit leave while disconnected still leaves', () => {
    given(history(...replayCommands(), cmd.disconnect(1)))
      .when(cmd.leave(1))
      .then([left(1, 'PRO'), { type: 'WonByDefault', winner: 'CON' }]);
  });
});
