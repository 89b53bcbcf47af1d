import { describe, expect, it } from 'vitest';
import { decide, execute, nextDeadline, replay } from '../../src/index.js';
import { cmd, drafts, given, history, oneOnOne, T0 } from '../support/dsl.js';

describe('deadlines and ticks', () => {
  it('names the countdown end as the next deadline once recruitment completes (before, the waiting expiry)', () => {
    expect(nextDeadline(replay(history(cmd.open())))).toEqual({ at: T0 + 30 * 60_000, kind: 'waiting-expire' });
    expect(nextDeadline(replay(history(...oneOnOne())))).toEqual({ at: T0 + 5000, kind: 'debate-start' });
  });

  it('yields nothing before the deadline', () => {
    given(history(...oneOnOne()))
      .when(cmd.tick(T0 + 4999))
      .then([]);
  });

  it('starts the debate with PRO when the countdown ends', () => {
    given(history(...oneOnOne()))
      .when(cmd.tick(T0 + 5000))
      .then([{ type: 'DebateStarted' }, { type: 'TurnStarted', index: 0, side: 'PRO', endsAt: T0 + 35000 }]);
  });

  it('alternates turns each secondsPerTurn, then pauses 3 s and opens a 30 s vote', () => {
    const events = decide(replay(history(...oneOnOne({ secondsPerTurn: 60 }))), cmd.tick(T0 + 10_000_000));
    if (!events.ok) throw new Error('tick refused');
    expect(drafts(events.events)).toEqual([
      { type: 'DebateStarted' },
      ...[0, 1, 2, 3, 4, 5].map((index) => ({
        type: 'TurnStarted',
        index,
        side: index % 2 === 0 ? 'PRO' : 'CON',
        endsAt: T0 + 5000 + (index + 1) * 60000,
      })),
      { type: 'DebateEnded', votingOpensAt: T0 + 368_000 },
      { type: 'VotingOpened', closesAt: T0 + 398_000 },
      { type: 'VotingClosed', tally: { agreeNumber: 0, disagreeNumber: 0, neutralNumber: 0 }, outcome: 'DRAW' },
    ]);
    // A late tick stamps each event with its own deadline, so the log is exact.
    expect(events.events.map((e) => e.at - T0)).toEqual([
      5000, 5000, 65000, 125000, 185000, 245000, 305000, 365000, 368000, 398000,
    ]);
  });

  it('closes a room without vote right after the last turn', () => {
    const log = history(...oneOnOne({ resultEnabled: false, turnsPerSide: 4 }), cmd.tick(T0 + 5000 + 7 * 30000));
    given(log)
      .when(cmd.tick(T0 + 5000 + 8 * 30000))
      .then([{ type: 'RoomClosed' }]);
  });

  it('gives the same log whether ticked every second or once at the end', () => {
    const late = history(...oneOnOne(), cmd.tick(T0 + 218_000));
    const steady = history(...oneOnOne(), ...Array.from({ length: 218 }, (_, i) => cmd.tick(T0 + (i + 1) * 1000)));
    expect(replay(late).phase).toBe('closed');
    expect(steady).toEqual(late);
  });

  it('lists the earliest of a turn end and a grace end', () => {
    const log = history(...oneOnOne(), cmd.tick(T0 + 5000), cmd.disconnect(2, T0 + 6000));
    expect(nextDeadline(replay(log))).toEqual({ at: T0 + 26000, kind: 'grace-end', userId: 2 });
    const later = history(...oneOnOne(), cmd.tick(T0 + 5000), cmd.disconnect(2, T0 + 20000));
    expect(nextDeadline(replay(later))).toEqual({ at: T0 + 35000, kind: 'turn-end', turnIndex: 0 });
  });

  it('moves every pending deadline when shifted (server downtime)', () => {
    const log = history(...oneOnOne(), cmd.tick(T0 + 5000), cmd.disconnect(2, T0 + 6000));
    const events = given(log)
      .when(cmd.shift(60_000, T0 + 100_000))
      .then([{ type: 'DeadlinesShifted', byMs: 60_000 }]);
    const state = replay([...log, ...events]);
    expect(state.turn?.endsAt).toBe(T0 + 95_000);
    expect(nextDeadline(state)).toEqual({ at: T0 + 86_000, kind: 'grace-end', userId: 2 });
  });

  it('executes a shift without catching up first: overdue deadlines move instead of firing', () => {
    const state = replay(history(...oneOnOne(), cmd.tick(T0 + 5000)));
    // The server was down from T0+10 s to T0+70 s: the turn that should have ended at T0+35 s is overdue.
    const { events, rejection } = execute(state, cmd.shift(60_000, T0 + 70_000));
    expect(rejection).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['DeadlinesShifted']);
    const after = replay([...history(...oneOnOne(), cmd.tick(T0 + 5000)), ...events]);
    expect(nextDeadline(after)).toEqual({ at: T0 + 95_000, kind: 'turn-end', turnIndex: 0 });
  });

  it('shifts nothing when nothing is pending', () => {
    given(history(cmd.open()))
      .when(cmd.shift(1000, T0 + 1))
      .then([]);
  });

  it('shifts the start countdown and the vote window too', () => {
    const starting = history(...oneOnOne(), cmd.shift(1000, T0 + 1));
    expect(nextDeadline(replay(starting))).toEqual({ at: T0 + 6000, kind: 'debate-start' });
    const paused = history(...oneOnOne(), cmd.tick(T0 + 185_000), cmd.shift(1000, T0 + 185_001));
    expect(nextDeadline(replay(paused))).toEqual({ at: T0 + 189_000, kind: 'vote-open' });
    const open = history(...oneOnOne(), cmd.tick(T0 + 188_000), cmd.shift(1000, T0 + 188_001));
    expect(nextDeadline(replay(open))).toEqual({ at: T0 + 219_000, kind: 'vote-close' });
  });
});
