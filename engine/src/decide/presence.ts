import type { CommandOf } from '../commands/schema.js';
import type { OpenRoomState } from '../state/room-state.js';
import { seatOf } from '../state/seats.js';
import { accept, refuse, type Verdict } from './decision.js';
import { seatLoss } from './seat-loss.js';

/** A debater leaves on purpose (the exit button): the seat is lost at once. */
export function decideLeave(state: OpenRoomState, cmd: CommandOf<'leave'>): Verdict {
  const seat = seatOf(state, cmd.actor.userId);
  if (!seat) return refuse('NOT_A_DEBATER');
  return accept(...seatLoss(state, { userId: seat.userId, nickname: seat.nickname, side: seat.side, reason: 'left' }));
}

/** A debater's socket dropped: the seat is kept until the grace period ends. */
export function decideDisconnect(state: OpenRoomState, cmd: CommandOf<'disconnect'>, at: number): Verdict {
  const seat = seatOf(state, cmd.actor.userId);
  if (!seat) return refuse('NOT_A_DEBATER');
  if (seat.graceEndsAt !== null) return refuse('ALREADY_DISCONNECTED');
  return accept({
    type: 'DebaterDisconnected',
    userId: seat.userId,
    nickname: seat.nickname,
    side: seat.side,
    graceEndsAt: at + state.durations.graceMs,
  });
}

/** A disconnected debater is back inside the grace period: the pending leave is cancelled. */
export function decideReconnect(state: OpenRoomState, cmd: CommandOf<'reconnect'>): Verdict {
  const seat = seatOf(state, cmd.actor.userId);
  if (!seat) return refuse('NOT_A_DEBATER');
  if (seat.graceEndsAt === null) return refuse('NOT_DISCONNECTED');
  return accept({ type: 'DebaterReconnected', userId: seat.userId, nickname: seat.nickname, side: seat.side });
}
