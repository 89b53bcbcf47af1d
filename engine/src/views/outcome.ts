import type { Side } from '../settings/codes.js';
import { isTerminal, type RoomState } from '../state/room-state.js';
import { isoString } from '../time/iso.js';
import type { RoomEnding, RoomOutcome, VoteTally } from '../wire/rooms.js';

/** The winning side of a room, DRAW, or null when it decided nothing. */
export type Winner = Side | 'DRAW';

/** The winner of a room: the vote's outcome or the side that stayed; null without a result. */
export function winnerOf(state: RoomState): Winner | null {
  const { result } = state;
  if (!result) return null;
  return result.kind === 'vote' ? result.outcome : result.winner;
}

/** The facts an ending is told from, as a room's state or its stored summary holds them. */
export interface EndingFacts {
  /** A phase of the room machine; a stored summary keeps it as plain text. */
  readonly phase: string;
  readonly winner: Winner | null;
  /** The final counts (read only for a room that ended by its vote). */
  readonly tally: VoteTally | null;
  /** When the room reached its terminal phase (ms). */
  readonly endedAt: number;
}

function endingOf(phase: EndingFacts['phase'], winner: Winner | null): RoomEnding | null {
  switch (phase) {
    case 'closed':
      return winner === null ? 'COMPLETED' : 'VOTE';
    case 'wonByDefault':
      return 'WALKOVER';
    case 'exitOverflow':
      return 'STOPPED';
    case 'abandoned':
      return 'CANCELLED';
    default:
      return null;
  }
}

/** The outcome of an ended room from its facts; null while it is live. */
export function outcomeFrom(facts: EndingFacts): RoomOutcome | null {
  const ending = endingOf(facts.phase, facts.winner);
  if (ending === null) return null;
  return {
    ending,
    winner: ending === 'VOTE' || ending === 'WALKOVER' ? facts.winner : null,
    tally: ending === 'VOTE' ? facts.tally : null,
    endedAt: isoString(facts.endedAt),
  };
}

/** The outcome of a room (null while it is live); the last event of an ended room is its end. */
export function roomOutcome(state: RoomState): RoomOutcome | null {
  if (!isTerminal(state)) return null;
  const tally = state.result?.kind === 'vote' ? state.result.tally : null;
  return outcomeFrom({ phase: state.phase, winner: winnerOf(state), tally, endedAt: state.lastAt });
}
