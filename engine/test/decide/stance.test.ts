import { describe, expect, it } from 'vitest';
import { replay, stanceOf } from '../../src/index.js';
import { cmd, given, history, oneOnOne, T0, threeOnThree } from '../support/dsl.js';

// 1:1, 30 s × 6 turns from T0+5 s: the debate ends at T0+185 s, the vote opens at +188 s, closes at +218 s.
const START = T0 + 5000;
const PAUSE = T0 + 185_000;
const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;
const watched = () => [...oneOnOne(), cmd.observe(7)];

describe('stances', () => {
  it('lets an observer declare while recruiting, in the countdown, in the debate, in the pause before the vote', () => {
    given(history(cmd.open(), cmd.observe(7)))
      .when(cmd.stance(7, 'PRO'))
      .then([{ type: 'StanceDeclared', userId: 7, stance: 'PRO' }]);
    given(history(...watched()))
      .when(cmd.stance(7, 'UNDECIDED', T0 + 1000))
      .then([{ type: 'StanceDeclared', userId: 7, stance: 'UNDECIDED' }]);
    given(history(...watched(), cmd.tick(START)))
      .when(cmd.stance(7, 'CON', START + 1))
      .then([{ type: 'StanceDeclared', userId: 7, stance: 'CON' }]);
    given(history(...watched(), cmd.tick(PAUSE)))
      .when(cmd.stance(7, 'CON', PAUSE + 1))
      .then([{ type: 'StanceDeclared', userId: 7, stance: 'CON' }]);
  });

  it('records each change with its time, and nothing when the stance is the one already held', () => {
    const log = history(...watched(), cmd.stance(7, 'PRO', T0 + 1000), cmd.tick(START));
    const events = given(log)
      .when(cmd.stance(7, 'CON', START + 2500))
      .then([{ type: 'StanceDeclared', userId: 7, stance: 'CON' }]);
    expect(events[0]?.at).toBe(START + 2500);
    expect(stanceOf(replay([...log, ...events]), 7)).toBe('CON');
    given([...log, ...events])
      .when(cmd.stance(7, 'CON', START + 3000))
      .then([]);
  });

  it('refuses a change once the vote has opened with STANCE_LOCKED, and in an ended room with ROOM_CLOSED', () => {
    given(history(...watched(), cmd.stance(7, 'PRO'), cmd.tick(OPEN)))
      .when(cmd.stance(7, 'CON', OPEN + 1))
      .thenRejects('STANCE_LOCKED');
    given(history(...watched(), cmd.tick(CLOSE)))
      .when(cmd.stance(7, 'CON', CLOSE + 1))
      .thenRejects('ROOM_CLOSED');
    given(history(...oneOnOne({ resultEnabled: false }), cmd.observe(7), cmd.tick(PAUSE)))
      .when(cmd.stance(7, 'PRO', PAUSE + 1))
      .thenRejects('ROOM_CLOSED');
  });

  it('refuses a debater with STANCE_NOT_FOR_DEBATERS, seated or once on the roster', () => {
    given(history(...watched()))
      .when(cmd.stance(1, 'PRO'))
      .thenRejects('STANCE_NOT_FOR_DEBATERS');
    given(history(cmd.open(), cmd.join(1, 'PRO')))
      .when(cmd.stance(1, 'CON'))
      .thenRejects('STANCE_NOT_FOR_DEBATERS');
    // A 3:3 debater who gave the seat up mid-debate and came back to watch is still a debater.
    const back = history(...threeOnThree(), cmd.tick(START), cmd.leave(5, START + 1), cmd.observe(5, START + 2));
    given(back)
      .when(cmd.stance(5, 'PRO', START + 3))
      .thenRejects('STANCE_NOT_FOR_DEBATERS');
  });

  it('refuses someone who is not observing now with NOT_AN_OBSERVER', () => {
    given(history(...oneOnOne()))
      .when(cmd.stance(7, 'PRO'))
      .thenRejects('NOT_AN_OBSERVER');
    given(history(...watched(), cmd.stance(7, 'PRO'), cmd.unobserve(7)))
      .when(cmd.stance(7, 'CON'))
      .thenRejects('NOT_AN_OBSERVER');
  });

  it('keeps a stance through leaving and coming back', () => {
    const state = replay(history(...watched(), cmd.stance(7, 'CON'), cmd.unobserve(7), cmd.observe(7)));
    expect(stanceOf(state, 7)).toBe('CON');
    expect(stanceOf(state, 8)).toBeNull();
  });
});
