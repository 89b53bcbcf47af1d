import type { CommandOf } from '../commands/schema.js';
import type { EventDraft } from '../events/schema.js';
import { otherSide, seatsPerSide } from '../settings/codes.js';
import type { Member, OpenRoomState } from '../state/room-state.js';
import { isObserving, seatOf } from '../state/seats.js';
import { accept, refuse, type Verdict } from './decision.js';

const member = ({ userId, nickname, imageUrl }: Member): Member => ({ userId, nickname, imageUrl });

/**
 * A user asks for a debater seat on a side. A seated debater whose socket dropped and who joins
 * the same side again is reconnected (a rejoin, not a second user). Otherwise only while
 * recruiting, one seat per person, never on both sides, never while observing. Filling the last
 * seat completes recruitment and starts the countdown.
 */
export function decideJoinAsDebater(state: OpenRoomState, cmd: CommandOf<'joinAsDebater'>, at: number): Verdict {
  const { actor, side } = cmd;
  const seat = seatOf(state, actor.userId);
  if (seat) {
    if (seat.side !== side) return refuse('SEATED_ON_OTHER_SIDE');
    if (seat.graceEndsAt === null) return refuse('ALREADY_SEATED');
    return accept({ type: 'DebaterReconnected', userId: seat.userId, nickname: seat.nickname, side });
  }
  if (isObserving(state, actor.userId)) return refuse('ALREADY_OBSERVING');
  if (state.phase !== 'waiting') return refuse('ROOM_NOT_RECRUITING');
  const size = seatsPerSide(state.settings.format);
  if (state.seats[side].length >= size) return refuse('SIDE_FULL');

  const joined: EventDraft = { type: 'DebaterJoined', ...member(actor), side };
  const mine = [...state.seats[side], actor];
  const theirs = state.seats[otherSide(side)];
  if (mine.length < size || theirs.length < size) return accept(joined);
  const roster =
    side === 'PRO'
      ? { PRO: mine.map(member), CON: theirs.map(member) }
      : { PRO: theirs.map(member), CON: mine.map(member) };
  return accept(joined, { type: 'RecruitmentCompleted', roster, startsAt: at + state.durations.startMs });
}
