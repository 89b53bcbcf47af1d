import { describe, expect, it } from 'vitest';
import { decide, INITIAL_ROOM_STATE, replay } from '../../src/index.js';
import { cmd, given, history, ROOM_ID, settings, T0 } from '../support/dsl.js';

describe('openRoom', () => {
  it('opens a room with trimmed settings, the time scale and the grace recorded', () => {
    given([])
      .when({ ...cmd.open({ title: '  기본소득 도입  ' }), timeScale: 0.01, graceSeconds: 10 })
      .then([
        {
          type: 'RoomOpened',
          roomId: ROOM_ID,
          settings: { ...settings(), title: '기본소득 도입' },
          timeScale: 0.01,
          graceSeconds: 10,
        },
      ]);
  });

  it('defaults to time scale 1 and a 20 s grace', () => {
    const state = replay(history(cmd.open()));
    expect(state.phase).toBe('waiting');
    expect(state.durations).toEqual({
      startMs: 5000,
      turnMs: 30000,
      votePauseMs: 3000,
      voteWindowMs: 30000,
      graceMs: 20000,
    });
    expect(state.openedAt).toBe(T0);
  });

  it('scales every duration with the time scale', () => {
    const state = replay(history(cmd.open({ secondsPerTurn: 120 }, T0, { timeScale: 0.1, graceSeconds: 30 })));
    expect(state.durations).toEqual({
      startMs: 500,
      turnMs: 12000,
      votePauseMs: 300,
      voteWindowMs: 3000,
      graceMs: 3000,
    });
  });

  it.each([
    ['an empty title', { title: '   ' }],
    ['a 31-character description', { description: '가'.repeat(31) }],
    ['an unknown continent', { continent: 'XX' }],
    ['an unknown category', { category: 'NEWS' }],
    ['an unknown format', { format: 'T3' }],
    ['45 seconds per turn', { secondsPerTurn: 45 }],
    ['2 turns per side', { turnsPerSide: 2 }],
    ['11 turns per side', { turnsPerSide: 11 }],
    ['a negative news id', { newsId: -1 }],
  ])('refuses %s with INVALID_SETTINGS', (_name, over) => {
    given([])
      .when(cmd.open(over as never))
      .thenRejects('INVALID_SETTINGS');
  });

  it('accepts exactly 30 characters', () => {
    expect(decide(INITIAL_ROOM_STATE, cmd.open({ title: '가'.repeat(30) })).ok).toBe(true);
  });

  it('refuses a zero time scale', () => {
    given([])
      .when({ ...cmd.open(), timeScale: 0 })
      .thenRejects('INVALID_SETTINGS');
  });

  it('refuses to open a room twice', () => {
    given(history(cmd.open())).when(cmd.open()).thenRejects('ROOM_ALREADY_OPENED');
  });

  it.each([cmd.join(1, 'PRO'), cmd.observe(1), cmd.tick(T0), cmd.vote(1, 'PRO')])(
    'refuses $type before the room is opened with ROOM_NOT_OPENED',
    (command) => {
      given([]).when(command).thenRejects('ROOM_NOT_OPENED');
    },
  );
});
