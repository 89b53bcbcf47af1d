import type { EventOf } from '../events/schema.js';
import type { RoomState, Seat } from '../state/room-state.js';

/** Recruitment completed: the roster is fixed and the start countdown runs. */
export function onRecruitmentCompleted(state: RoomState, e: EventOf<'RecruitmentCompleted'>): RoomState {
  return { ...state, phase: 'starting', roster: e.roster, startsAt: e.startsAt };
}

/** The countdown ended; the debate is on. */
export function onDebateStarted(state: RoomState): RoomState {
  return { ...state, phase: 'debating' };
}

/** A side got the floor until endsAt. */
export function onTurnStarted(state: RoomState, e: EventOf<'TurnStarted'>): RoomState {
  return { ...state, turn: { index: e.index, side: e.side, endsAt: e.endsAt } };
}

/** The last turn ended in a vote room: the pause before the vote runs. */
export function onDebateEnded(state: RoomState, e: EventOf<'DebateEnded'>): RoomState {
  return { ...state, phase: 'voting', vote: { open: false, opensAt: e.votingOpensAt, closesAt: null, ballots: {} } };
}

/** The ballot box opened until closesAt. */
export function onVotingOpened(state: RoomState, e: EventOf<'VotingOpened'>): RoomState {
  return state.vote ? { ...state, vote: { ...state.vote, open: true, closesAt: e.closesAt } } : state;
}

/** One ballot was cast. */
export function onVoted(state: RoomState, e: EventOf<'Voted'>): RoomState {
  if (!state.vote) return state;
  return { ...state, vote: { ...state.vote, ballots: { ...state.vote.ballots, [String(e.userId)]: e.choice } } };
}

const shiftSeats = (seats: readonly Seat[], by: number): readonly Seat[] =>
  seats.map((s) => (s.graceEndsAt === null ? s : { ...s, graceEndsAt: s.graceEndsAt + by }));

/** Every pending deadline moved later by the same amount (after server downtime). */
export function onDeadlinesShifted(state: RoomState, e: EventOf<'DeadlinesShifted'>): RoomState {
  const by = e.byMs;
  const { phase, turn, vote } = state;
  return {
    ...state,
    seats: { PRO: shiftSeats(state.seats.PRO, by), CON: shiftSeats(state.seats.CON, by) },
    startsAt: phase === 'starting' && state.startsAt !== null ? state.startsAt + by : state.startsAt,
    turn: phase === 'debating' && turn ? { ...turn, endsAt: turn.endsAt + by } : turn,
    vote:
      phase === 'voting' && vote
        ? vote.open
          ? { ...vote, closesAt: vote.closesAt === null ? null : vote.closesAt + by }
          : { ...vote, opensAt: vote.opensAt + by }
        : vote,
  };
}
