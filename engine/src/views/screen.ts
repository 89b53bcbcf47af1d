import { phaseDeadline, type Deadline } from '../deadlines/next-deadline.js';
import type { VoteChoice } from '../settings/codes.js';
import { totalTurns } from '../state/durations.js';
import { isOpen, type Phase, type RoomResult, type RoomState, type Turn } from '../state/room-state.js';
import { rosterSideOf } from '../state/seats.js';
import { hasVoted } from '../state/tally.js';
import type { RoomStatus } from '../wire/rooms.js';
import { roomStatus } from './room-info.js';

/** What every room screen shows, debater or observer. */
export interface ScreenBase {
  readonly roomId: string;
  readonly phase: Phase;
  readonly status: RoomStatus;
  readonly turn: Turn | null;
  readonly totalTurns: number;
  /** Turns not yet finished, the current one included (D5's turnCount). */
  readonly turnsLeft: number;
  /** The running phase's deadline: countdown end, turn end, vote opening or closing. */
  readonly deadline: Deadline | null;
  readonly observerCount: number;
  readonly canVote: boolean;
  readonly hasVoted: boolean;
  readonly myVote: VoteChoice | null;
  /** Set once the room ended with a result (vote counts included). */
  readonly result: RoomResult | null;
}

/**
 * Turns not yet finished, the current one included (D5's turnCount). 0 once the debate is over,
 * however it ended: a walkover or an exit overflow leaves turns unspoken, so a screen of an ended
 * room says how it ended (`roomOutcome`) rather than this count.
 */
export function turnsLeft(state: RoomState): number {
  if (!isOpen(state)) return 0;
  const total = totalTurns(state.settings);
  if (state.phase === 'waiting' || state.phase === 'starting') return total;
  if (state.phase === 'debating' && state.turn) return total - state.turn.index;
  return 0;
}

/** Whether the user may vote now: the window is open, they debated or observed, and did not vote. */
export function canVoteNow(state: RoomState, userId: number): boolean {
  if (state.phase !== 'voting' || !state.vote?.open || hasVoted(state, userId)) return false;
  return rosterSideOf(state, userId) !== undefined || state.audience.includes(userId);
}

/** The parts of a screen both kinds of viewer share. */
export function screenBase(state: RoomState, userId: number): ScreenBase {
  return {
    roomId: state.roomId,
    phase: state.phase,
    status: roomStatus(state),
    turn: state.phase === 'debating' ? state.turn : null,
    totalTurns: isOpen(state) ? totalTurns(state.settings) : 0,
    turnsLeft: turnsLeft(state),
    deadline: phaseDeadline(state),
    observerCount: state.observers.length,
    canVote: canVoteNow(state, userId),
    hasVoted: hasVoted(state, userId),
    myVote: state.vote?.ballots[String(userId)] ?? null,
    result: state.result,
  };
}
