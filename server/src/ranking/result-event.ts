import { records, type RoomEvent, type RoomEventType, type RoomState } from '@toron/engine';
import type { RatedDebate } from './debate-rating.js';

/** The events that give a room its result: the vote closing, or a walkover. */
export const RESULT_EVENT_TYPES = ['VotingClosed', 'WonByDefault'] as const satisfies readonly RoomEventType[];

const isResult = (event: RoomEvent): boolean => (RESULT_EVENT_TYPES as readonly string[]).includes(event.type);

/**
 * The debate to rate from a room's result event: `events` holds that event (the batch that ended
 * the room, or its whole log) and `final` is the room's state after them. The roster debaters get
 * the engine's record outcomes: a vote's win, draw or loss by side; a walkover's loss for the side
 * that left and win for the side that stayed. Null for a room without a result.
 */
export function ratedDebateOf(final: RoomState, events: readonly RoomEvent[]): RatedDebate | null {
  const result = events.find(isResult);
  const roster = final.roster;
  if (!result || !roster) return null;
  const debaters = records(final).map((update) => ({
    userId: update.userId,
    side: roster.PRO.some((m) => m.userId === update.userId) ? ('PRO' as const) : ('CON' as const),
    outcome: update.outcome,
  }));
  return debaters.length === 0 ? null : { roomId: final.roomId, at: result.at, debaters };
}
