import type { CommandOf } from '../commands/schema.js';
import type { OpenRoomState } from '../state/room-state.js';
import { rosterSideOf } from '../state/seats.js';
import { hasVoted } from '../state/tally.js';
import { accept, refuse, type Verdict } from './decision.js';

/**
 * A ballot: only while the window is open, once per user, and only by the roster's debaters and
 * people who observed the room.
 */
export function decideVote(state: OpenRoomState, cmd: CommandOf<'vote'>): Verdict {
  const { userId } = cmd.actor;
  if (state.phase !== 'voting' || !state.vote?.open) return refuse('VOTE_NOT_OPEN');
  if (rosterSideOf(state, userId) === undefined && !state.audience.includes(userId)) return refuse('NOT_IN_ROOM');
  if (hasVoted(state, userId)) return refuse('ALREADY_VOTED');
  return accept({ type: 'Voted', userId, choice: cmd.choice });
}
