import type { EventDraft } from '../events/schema.js';
import { otherSide, seatsPerSide, type Side } from '../settings/codes.js';
import type { OpenRoomState } from '../state/room-state.js';
import { seatedCount } from '../state/seats.js';

/** Who loses a seat, and why. */
export interface SeatLoss {
  readonly userId: number;
  readonly nickname: string;
  readonly side: Side;
  readonly reason: 'left' | 'grace-expired';
}

/**
 * The events of a debater losing their seat. While recruiting this only frees the seat (the last
 * one leaving abandons the room). Once the roster is fixed, a 1:1 room ends when a side is empty
 * and a 3:3 room when a side is down to one: a walkover for the other side with a vote, or an
 * exit overflow without one. The phase decides, never the vote counts (docs/product-rules.md#walkovers).
 */
export function seatLoss(state: OpenRoomState, loss: SeatLoss): EventDraft[] {
  const left: EventDraft = {
    type: 'DebaterLeft',
    userId: loss.userId,
    nickname: loss.nickname,
    side: loss.side,
    reason: loss.reason,
  };
  if (state.phase === 'waiting') {
    return seatedCount(state) === 1 ? [left, { type: 'RoomAbandoned' }] : [left];
  }
  const remaining = state.seats[loss.side].length - 1;
  const limit = seatsPerSide(state.settings.format) === 1 ? 0 : 1;
  if (remaining > limit) return [left];
  const ending: EventDraft = state.settings.resultEnabled
    ? { type: 'WonByDefault', winner: otherSide(loss.side) }
    : { type: 'ExitOverflow' };
  return [left, ending];
}
