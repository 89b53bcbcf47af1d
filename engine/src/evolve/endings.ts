import type { EventOf } from '../events/schema.js';
import type { RoomState } from '../state/room-state.js';

const closeBox = (state: RoomState): RoomState['vote'] => (state.vote ? { ...state.vote, open: false } : null);

/** The vote window ended: the room is closed with the counted result. */
export function onVotingClosed(state: RoomState, e: EventOf<'VotingClosed'>): RoomState {
  return {
    ...state,
    phase: 'closed',
    vote: closeBox(state),
    result: { kind: 'vote', outcome: e.outcome, tally: e.tally },
  };
}

/** The last turn ended in a room without a vote. */
export function onRoomClosed(state: RoomState): RoomState {
  return { ...state, phase: 'closed' };
}

/** One side fell below the limit in a vote room: the other side won by default. */
export function onWonByDefault(state: RoomState, e: EventOf<'WonByDefault'>): RoomState {
  return { ...state, phase: 'wonByDefault', vote: closeBox(state), result: { kind: 'walkover', winner: e.winner } };
}

/** One side fell below the limit in a room without a vote: it ended with no result. */
export function onExitOverflow(state: RoomState): RoomState {
  return { ...state, phase: 'exitOverflow', vote: closeBox(state) };
}

/** The last debater left a waiting room. */
export function onRoomAbandoned(state: RoomState): RoomState {
  return { ...state, phase: 'abandoned' };
}
