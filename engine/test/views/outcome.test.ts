import { describe, expect, it } from 'vitest';
import { isoString, outcomeFrom, replay, roomInfo, roomOutcome, winnerOf, type RoomState } from '../../src/index.js';
import { cmd, history, oneOnOne, T0, threeOnThree } from '../support/dsl.js';

const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;
const noCards = () => undefined;

/** The outcome told from a stored summary (phase, winner column, tally, end time) is the one told from the state. */
const fromSummary = (state: RoomState) =>
  outcomeFrom({
    phase: state.phase,
    winner: winnerOf(state),
    tally: state.result?.kind === 'vote' ? state.result.tally : null,
    endedAt: state.lastAt,
  });

describe('the outcome of an ended room', () => {
  it('is null while the room is live', () => {
    expect(roomOutcome(replay(history(...oneOnOne())))).toBeNull();
    expect(roomOutcome(replay(history(...oneOnOne(), cmd.tick(OPEN))))).toBeNull();
    expect(roomInfo(replay(history(...oneOnOne())), noCards)?.outcome).toBeNull();
  });

  it('names the vote, its winner, its counts and the end time', () => {
    const state = replay(
      history(...oneOnOne(), cmd.observe(7), cmd.tick(OPEN), cmd.vote(7, 'CON', OPEN + 1), cmd.tick(CLOSE)),
    );
    const outcome = {
      ending: 'VOTE',
      winner: 'CON',
      tally: { agreeNumber: 0, disagreeNumber: 1, neutralNumber: 0 },
      endedAt: isoString(state.lastAt),
    };
    expect(roomOutcome(state)).toEqual(outcome);
    expect(roomInfo(state, noCards)?.outcome).toEqual(outcome);
    expect(fromSummary(state)).toEqual(outcome);
  });

  it('calls equal votes (0–0 included) a draw', () => {
    const state = replay(history(...oneOnOne(), cmd.tick(CLOSE)));
    expect(roomOutcome(state)).toMatchObject({ ending: 'VOTE', winner: 'DRAW' });
  });

  it('names the side that stayed after a walkover, without counts', () => {
    const state = replay(
      history(...threeOnThree(), cmd.tick(T0 + 5000), cmd.leave(2, T0 + 6000), cmd.leave(4, T0 + 7000)),
    );
    expect(roomOutcome(state)).toEqual({
      ending: 'WALKOVER',
      winner: 'PRO',
      tally: null,
      endedAt: isoString(T0 + 7000),
    });
    expect(fromSummary(state)).toEqual(roomOutcome(state));
  });

  it('decides nothing for a room without a vote, one stopped by a leaver, or one never started', () => {
    const completed = replay(history(...oneOnOne({ resultEnabled: false }), cmd.tick(CLOSE)));
    expect(roomOutcome(completed)).toMatchObject({ ending: 'COMPLETED', winner: null, tally: null });
    const stopped = replay(history(...oneOnOne({ resultEnabled: false }), cmd.leave(1)));
    expect(roomOutcome(stopped)).toMatchObject({ ending: 'STOPPED', winner: null });
    const cancelled = replay(history(cmd.open(), cmd.join(1, 'PRO'), cmd.leave(1)));
    expect(roomOutcome(cancelled)).toMatchObject({ ending: 'CANCELLED', winner: null });
    for (const state of [completed, stopped, cancelled]) expect(fromSummary(state)).toEqual(roomOutcome(state));
  });
});
