import { describe, expect, it } from 'vitest';
import { replay, voteTally } from '../../src/index.js';
import { cmd, given, history, oneOnOne, T0 } from '../support/dsl.js';

// 1:1, 30 s × 6 turns from T0+5 s: the debate ends at T0+185 s, the window opens at +188 s, closes at +218 s.
const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;
const votingCommands = () => [...oneOnOne(), cmd.observe(7), cmd.observe(8), cmd.tick(OPEN)];
const voting = () => history(...votingCommands());

describe('vote', () => {
  it('accepts a ballot from a debater and from an observer inside the window', () => {
    given(voting())
      .when(cmd.vote(1, 'PRO', OPEN + 1))
      .then([{ type: 'Voted', userId: 1, choice: 'PRO' }]);
    given(voting())
      .when(cmd.vote(7, 'NO_POSITION', OPEN + 1))
      .then([{ type: 'Voted', userId: 7, choice: 'NO_POSITION' }]);
  });

  it('refuses a second ballot with ALREADY_VOTED', () => {
    given(history(...votingCommands(), cmd.vote(7, 'CON', OPEN + 1)))
      .when(cmd.vote(7, 'PRO', OPEN + 2))
      .thenRejects('ALREADY_VOTED');
  });

  it('refuses votes during the 3 s pause and during the debate with VOTE_NOT_OPEN', () => {
    given(history(...oneOnOne(), cmd.tick(T0 + 185_000)))
      .when(cmd.vote(1, 'PRO', T0 + 186_000))
      .thenRejects('VOTE_NOT_OPEN');
    given(history(...oneOnOne(), cmd.tick(T0 + 5000)))
      .when(cmd.vote(1, 'PRO', T0 + 6000))
      .thenRejects('VOTE_NOT_OPEN');
  });

  it('refuses someone who neither debated nor observed with NOT_IN_ROOM', () => {
    given(voting())
      .when(cmd.vote(9, 'PRO', OPEN + 1))
      .thenRejects('NOT_IN_ROOM');
  });

  it('lets an observer who already left still vote', () => {
    given(history(...oneOnOne(), cmd.observe(7), cmd.unobserve(7), cmd.tick(OPEN)))
      .when(cmd.vote(7, 'CON', OPEN + 1))
      .then([{ type: 'Voted', userId: 7, choice: 'CON' }]);
  });

  it('refuses votes after the window closes: the room is closed', () => {
    given(history(...votingCommands(), cmd.tick(CLOSE)))
      .when(cmd.vote(1, 'PRO', CLOSE + 1))
      .thenRejects('ROOM_CLOSED');
  });

  it('has no vote at all in a room without result', () => {
    const log = history(...oneOnOne({ resultEnabled: false }), cmd.tick(T0 + 185_000));
    expect(replay(log).phase).toBe('closed');
    given(log)
      .when(cmd.vote(1, 'PRO', T0 + 186_000))
      .thenRejects('ROOM_CLOSED');
  });

  it.each([
    [['PRO', 'PRO', 'CON'], 'PRO', { agreeNumber: 2, disagreeNumber: 1, neutralNumber: 0 }],
    [['CON', 'NO_POSITION', 'NO_POSITION'], 'CON', { agreeNumber: 0, disagreeNumber: 1, neutralNumber: 2 }],
    [['PRO', 'CON', 'NO_POSITION'], 'DRAW', { agreeNumber: 1, disagreeNumber: 1, neutralNumber: 1 }],
    [[], 'DRAW', { agreeNumber: 0, disagreeNumber: 0, neutralNumber: 0 }],
  ] as const)('counts %j as %s', (choices, outcome, tally) => {
    const voters = [1, 7, 8];
    const ballots = choices.map((c, i) => cmd.vote(voters[i] ?? 0, c, OPEN + i + 1));
    const events = given(history(...votingCommands(), ...ballots))
      .when(cmd.tick(CLOSE))
      .then([{ type: 'VotingClosed', tally, outcome }]);
    expect(events[0]?.at).toBe(CLOSE);
    const state = replay(history(...votingCommands(), ...ballots, cmd.tick(CLOSE)));
    expect(voteTally(state)).toEqual(tally);
    expect(state.result).toEqual({ kind: 'vote', outcome, tally });
  });
});
