import { describe, expect, it } from 'vitest';
import { replay } from '../../src/index.js';
import { cmd, fullOneOnOne, given, history, T0, user } from '../support/dsl.js';

describe('observers', () => {
  it('lets anyone observe in any phase before the end', () => {
    given(history(cmd.open()))
      .when(cmd.observe(7))
      .then([{ type: 'ObserverJoined', ...user(7) }]);
    given(history(...[cmd.open(), cmd.join(1, 'PRO'), cmd.join(2, 'CON'), cmd.tick(T0 + 5000)]))
      .when(cmd.observe(7, T0 + 6000))
      .then([{ type: 'ObserverJoined', ...user(7) }]);
  });

  it('refuses a seated debater with ALREADY_SEATED', () => {
    given(fullOneOnOne()).when(cmd.observe(1)).thenRejects('ALREADY_SEATED');
  });

  it('refuses a second observation with ALREADY_OBSERVING', () => {
    given(history(cmd.open(), cmd.observe(7)))
      .when(cmd.observe(7))
      .thenRejects('ALREADY_OBSERVING');
  });

  it('lets an observer leave, and refuses a leave of someone not observing with NOT_AN_OBSERVER', () => {
    given(history(cmd.open(), cmd.observe(7)))
      .when(cmd.unobserve(7))
      .then([{ type: 'ObserverLeft', userId: 7, nickname: user(7).nickname }]);
    given(history(cmd.open())).when(cmd.unobserve(7)).thenRejects('NOT_AN_OBSERVER');
  });

  it('counts current and peak observers; a leaving observer never affects the debate', () => {
    const state = replay(
      history(
        ...[cmd.open(), cmd.join(1, 'PRO'), cmd.join(2, 'CON')],
        cmd.observe(7),
        cmd.observe(8),
        cmd.unobserve(7),
        cmd.unobserve(8),
      ),
    );
    expect(state.observers).toEqual([]);
    expect(state.peakObservers).toBe(2);
    expect(state.audience).toEqual([7, 8]);
    expect(state.phase).toBe('starting');
  });

  it('lets a debater who left mid-debate watch as an observer', () => {
    const log = history(
      cmd.open({ format: 'T2' }),
      ...[1, 3, 5].map((i) => cmd.join(i, 'PRO')),
      ...[2, 4, 6].map((i) => cmd.join(i, 'CON')),
      cmd.leave(1),
    );
    given(log)
      .when(cmd.observe(1))
      .then([{ type: 'ObserverJoined', ...user(1) }]);
  });
});

describe('observerChat', () => {
  it('echoes trimmed observer chat', () => {
    given(history(cmd.open(), cmd.observe(7)))
      .when(cmd.chat(7, '  화이팅  '))
      .then([{ type: 'ObserverChatted', ...user(7), text: '화이팅' }]);
  });

  it('refuses chat from someone not observing with NOT_AN_OBSERVER', () => {
    given(fullOneOnOne()).when(cmd.chat(1, '안녕')).thenRejects('NOT_AN_OBSERVER');
  });

  it('refuses empty and too long chat', () => {
    const log = history(cmd.open(), cmd.observe(7));
    given(log).when(cmd.chat(7, ' \n ')).thenRejects('EMPTY_MESSAGE');
    given(log)
      .when(cmd.chat(7, '가'.repeat(501)))
      .thenRejects('MESSAGE_TOO_LONG');
    given(log)
      .when(cmd.chat(7, '가'.repeat(500)))
      .then([{ type: 'ObserverChatted', ...user(7), text: '가'.repeat(500) }]);
  });
});
