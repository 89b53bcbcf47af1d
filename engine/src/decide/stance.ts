import type { CommandOf } from '../commands/schema.js';
import type { OpenRoomState } from '../state/room-state.js';
import { isObserving, rosterSideOf, seatOf } from '../state/seats.js';
import { stanceOf, stancesOpen } from '../state/stances.js';
import { accept, refuse, type Verdict } from './decision.js';

/**
 * A viewer declares or changes their stance (찬성 / 반대 / 미정): only people observing, never a
 * debater (seated or on the roster), and only until the vote opens. Declaring the stance one
 * already holds records nothing.
 */
export function decideStance(state: OpenRoomState, cmd: CommandOf<'declareStance'>): Verdict {
  const { userId } = cmd.actor;
  if (seatOf(state, userId) || rosterSideOf(state, userId)) return refuse('STANCE_NOT_FOR_DEBATERS');
  if (!stancesOpen(state)) return refuse('STANCE_LOCKED');
  if (!isObserving(state, userId)) return refuse('NOT_AN_OBSERVER');
  if (stanceOf(state, userId) === cmd.stance) return accept();
  return accept({ type: 'StanceDeclared', userId, stance: cmd.stance });
}
