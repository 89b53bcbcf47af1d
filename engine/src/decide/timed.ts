import { nextDeadline, type Deadline } from '../deadlines/next-deadline.js';
import type { EventDraft, RoomEvent } from '../events/schema.js';
import { stamp } from '../events/stamp.js';
import { evolveFast } from '../machine/evolve.js';
import { totalTurns } from '../state/durations.js';
import { isOpen, type OpenRoomState, type RoomState } from '../state/room-state.js';
import { countBallots, outcomeOf } from '../state/tally.js';
import { seatOf } from '../state/seats.js';
import { seatLoss } from './seat-loss.js';

/** The events of one due deadline; times derive from the deadline, never from when the tick came. */
function deadlineDrafts(state: OpenRoomState, deadline: Deadline): EventDraft[] {
  const { durations, settings } = state;
  switch (deadline.kind) {
    case 'debate-start':
      return [
        { type: 'DebateStarted' },
        { type: 'TurnStarted', index: 0, side: 'PRO', endsAt: deadline.at + durations.turnMs },
      ];
    case 'turn-end': {
      const index = deadline.turnIndex + 1;
      if (index < totalTurns(settings)) {
        return [
          { type: 'TurnStarted', index, side: index % 2 === 0 ? 'PRO' : 'CON', endsAt: deadline.at + durations.turnMs },
        ];
      }
      return settings.resultEnabled
        ? [{ type: 'DebateEnded', votingOpensAt: deadline.at + durations.votePauseMs }]
        : [{ type: 'RoomClosed' }];
    }
    case 'vote-open':
      return [{ type: 'VotingOpened', closesAt: deadline.at + durations.voteWindowMs }];
    case 'vote-close': {
      const tally = countBallots(state.vote?.ballots ?? {});
      return [{ type: 'VotingClosed', tally, outcome: outcomeOf(tally) }];
    }
    case 'waiting-expire':
      return [{ type: 'RoomAbandoned' }];
    case 'grace-end': {
      const seat = seatOf(state, deadline.userId);
      if (!seat) return [];
      return seatLoss(state, {
        userId: seat.userId,
        nickname: seat.nickname,
        side: seat.side,
        reason: 'grace-expired',
      });
    }
  }
}

/** The timed transitions due at `now` and the room after them. */
export interface Advance {
  readonly events: readonly RoomEvent[];
  readonly state: RoomState;
}

/**
 * Advances the room to `now`: every timed transition due by then, in order, each stamped with its
 * own deadline's time, folded as it goes; loops while further deadlines are also due (a late tick
 * catches up exactly).
 */
export function advance(state: RoomState, now: number): Advance {
  const events: RoomEvent[] = [];
  let current = state;
  for (let deadline = nextDeadline(current); deadline && deadline.at <= now; deadline = nextDeadline(current)) {
    if (!isOpen(current)) break;
    const batch = stamp(current, deadline.at, deadlineDrafts(current, deadline));
    if (batch.length === 0) break;
    for (const event of batch) current = evolveFast(current, event);
    events.push(...batch);
  }
  return { events, state: current };
}

/** Every timed transition due at `now`, in order, each stamped with its own deadline's time. */
export function dueEvents(state: RoomState, now: number): RoomEvent[] {
  return [...advance(state, now).events];
}
