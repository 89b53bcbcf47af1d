import { describe, it } from 'vitest';
import { cmd, given, history, oneOnOne, T0, threeOnThree, user } from '../support/dsl.js';

const started = (commands = oneOnOne()) => history(...commands, cmd.tick(T0 + 5000));
const spoke = (id: number, side: 'PRO' | 'CON', turnIndex: number, text: string) =>
  ({ type: 'Spoke', ...user(id), side, turnIndex, text }) as const;

describe('speak', () => {
  it('lets the side holding the turn speak, trimmed, tagged with the turn', () => {
    given(started())
      .when(cmd.speak(1, '  기본소득은 필요합니다 ', T0 + 6000))
      .then([spoke(1, 'PRO', 0, '기본소득은 필요합니다')]);
  });

  it('refuses the other side with NOT_YOUR_TURN', () => {
    given(started())
      .when(cmd.speak(2, '반론', T0 + 6000))
      .thenRejects('NOT_YOUR_TURN');
  });

  it('hands the floor to CON on the next turn', () => {
    const log = history(...oneOnOne(), cmd.tick(T0 + 35000));
    given(log)
      .when(cmd.speak(2, '반론', T0 + 36000))
      .then([spoke(2, 'CON', 1, '반론')]);
    given(log)
      .when(cmd.speak(1, '재반론', T0 + 36000))
      .thenRejects('NOT_YOUR_TURN');
  });

  it('lets every debater of the side holding the turn speak in a 3:3 room', () => {
    const log = started(threeOnThree());
    given(log)
      .when(cmd.speak(5, '저도 찬성', T0 + 6000))
      .then([spoke(5, 'PRO', 0, '저도 찬성')]);
    given(log)
      .when(cmd.speak(4, '반대', T0 + 6000))
      .thenRejects('NOT_YOUR_TURN');
  });

  it('refuses speaking before the debate with WRONG_PHASE', () => {
    given(history(...oneOnOne()))
      .when(cmd.speak(1, '먼저', T0 + 1000))
      .thenRejects('WRONG_PHASE');
  });

  it('refuses speaking during the vote with WRONG_PHASE', () => {
    given(history(...oneOnOne(), cmd.tick(T0 + 185000)))
      .when(cmd.speak(1, '늦은 발언', T0 + 185000))
      .thenRejects('WRONG_PHASE');
  });

  it('refuses observers and strangers with NOT_A_DEBATER', () => {
    const log = history(...oneOnOne(), cmd.observe(7), cmd.tick(T0 + 5000));
    given(log)
      .when(cmd.speak(7, '참관자', T0 + 6000))
      .thenRejects('NOT_A_DEBATER');
    given(log)
      .when(cmd.speak(9, '외부인', T0 + 6000))
      .thenRejects('NOT_A_DEBATER');
  });

  it('refuses empty and over-long text', () => {
    given(started())
      .when(cmd.speak(1, '   ', T0 + 6000))
      .thenRejects('EMPTY_MESSAGE');
    given(started())
      .when(cmd.speak(1, 'a'.repeat(501), T0 + 6000))
      .thenRejects('MESSAGE_TOO_LONG');
  });

  // Characters as docs/product-rules.md#text-length counts them.
  it('counts characters, not UTF-16 units: 500 emoji are a speech, 501 too long', () => {
    given(started())
      .when(cmd.speak(1, '😀'.repeat(500), T0 + 6000))
      .then([spoke(1, 'PRO', 0, '😀'.repeat(500))]);
    given(started())
      .when(cmd.speak(1, '😀'.repeat(501), T0 + 6000))
      .thenRejects('MESSAGE_TOO_LONG');
  });
});
