import { describe, expect, it } from 'vitest';
import { records, replay } from '../../src/index.js';
import { cmd, history, oneOnOne, T0, threeOnThree } from '../support/dsl.js';

const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;

describe('records', () => {
  it('gives the winning side wins and the other losses, never observers (even those who voted)', () => {
    const log = history(...oneOnOne(), cmd.observe(7), cmd.tick(OPEN), cmd.vote(7, 'CON', OPEN + 1), cmd.tick(CLOSE));
    expect(records(replay(log))).toEqual([
      { userId: 1, outcome: 'loss' },
      { userId: 2, outcome: 'win' },
    ]);
  });

  it('gives everyone on the roster a draw on equal votes, 0–0 included', () => {
    const log = history(...oneOnOne(), cmd.observe(7), cmd.tick(CLOSE));
    expect(records(replay(log))).toEqual([
      { userId: 1, outcome: 'draw' },
      { userId: 2, outcome: 'draw' },
    ]);
  });

  it('counts a 3:3 walkover for the whole roster, leavers included', () => {
    const log = history(...threeOnThree(), cmd.tick(T0 + 5000), cmd.leave(2, T0 + 6000), cmd.leave(4, T0 + 7000));
    expect(replay(log).phase).toBe('wonByDefault');
    expect(records(replay(log))).toEqual([
      { userId: 1, outcome: 'win' },
      { userId: 3, outcome: 'win' },
      { userId: 5, outcome: 'win' },
      { userId: 2, outcome: 'loss' },
      { userId: 4, outcome: 'loss' },
      { userId: 6, outcome: 'loss' },
    ]);
  });

  it('gives nothing without a result, after an exit overflow, when abandoned, or before the end', () => {
    expect(records(replay(history(...oneOnOne({ resultEnabled: false }), cmd.tick(CLOSE))))).toEqual([]);
    expect(records(replay(history(...oneOnOne({ resultEnabled: false }), cmd.leave(1))))).toEqual([]);
    expect(records(replay(history(cmd.open(), cmd.join(1, 'PRO'), cmd.leave(1))))).toEqual([]);
    expect(records(replay(history(...oneOnOne(), cmd.tick(OPEN))))).toEqual([]);
  });
});
