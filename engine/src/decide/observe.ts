import type { CommandOf } from '../commands/schema.js';
import type { OpenRoomState } from '../state/room-state.js';
import { isObserving, seatOf } from '../state/seats.js';
import { accept, refuse, type Verdict } from './decision.js';

/** A user starts observing; a seated debater cannot observe, and nobody observes twice. */
export function decideJoinAsObserver(state: OpenRoomState, cmd: CommandOf<'joinAsObserver'>): Verdict {
  const { userId, nickname, imageUrl } = cmd.actor;
  if (seatOf(state, userId)) return refuse('ALREADY_SEATED');
  if (isObserving(state, userId)) return refuse('ALREADY_OBSERVING');
  return accept({ type: 'ObserverJoined', userId, nickname, imageUrl });
}

/** An observer leaves; observers never affect the debate. */
export function decideLeaveAsObserver(state: OpenRoomState, cmd: CommandOf<'leaveAsObserver'>): Verdict {
  const { userId, nickname } = cmd.actor;
  if (!isObserving(state, userId)) return refuse('NOT_AN_OBSERVER');
  return accept({ type: 'ObserverLeft', userId, nickname });
}
