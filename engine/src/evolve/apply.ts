import type { EventOf, RoomEvent, RoomEventType } from '../events/schema.js';
import { durationsOf } from '../state/durations.js';
import type { RoomState } from '../state/room-state.js';
import { onExitOverflow, onRoomAbandoned, onRoomClosed, onVotingClosed, onWonByDefault } from './endings.js';
import * as schedule from './schedule.js';
import * as seating from './seating.js';

type Handlers = { readonly [K in RoomEventType]: (state: RoomState, event: EventOf<K>) => RoomState };

const handlers: Handlers = {
  RoomOpened: (s, e) => ({
    ...s,
    phase: 'waiting',
    roomId: e.roomId,
    settings: e.settings,
    timeScale: e.timeScale,
    durations: durationsOf(e.settings, e.timeScale, e.graceSeconds),
    openedAt: e.at,
  }),
  DebaterJoined: seating.onDebaterJoined,
  DebaterLeft: seating.onDebaterLeft,
  DebaterDisconnected: seating.onDebaterDisconnected,
  DebaterReconnected: seating.onDebaterReconnected,
  ObserverJoined: seating.onObserverJoined,
  ObserverLeft: seating.onObserverLeft,
  ObserverChatted: (s) => ({ ...s, observerMessageCount: s.observerMessageCount + 1 }),
  RecruitmentCompleted: schedule.onRecruitmentCompleted,
  DebateStarted: schedule.onDebateStarted,
  TurnStarted: schedule.onTurnStarted,
  Spoke: (s) => ({ ...s, messageCount: s.messageCount + 1 }),
  DebateEnded: schedule.onDebateEnded,
  VotingOpened: schedule.onVotingOpened,
  Voted: schedule.onVoted,
  VotingClosed: onVotingClosed,
  RoomClosed: onRoomClosed,
  WonByDefault: onWonByDefault,
  ExitOverflow: onExitOverflow,
  RoomAbandoned: onRoomAbandoned,
  DeadlinesShifted: schedule.onDeadlinesShifted,
  // A declaration redacted for this reader changes nothing they can know.
  StanceDeclared: (s, e) =>
    e.userId === null || e.stance === null ? s : { ...s, stances: { ...s.stances, [String(e.userId)]: e.stance } },
};

/** Thrown when a log is not a room's history (a gap in sequence numbers). */
export class CorruptLogError extends Error {
  override readonly name = 'CorruptLogError';
}

/**
 * Applies one event to the room state: the context update of the room machine, phase included.
 * Pure; throws CorruptLogError when the event does not follow the state's last sequence number.
 */
export function applyEvent(state: RoomState, event: RoomEvent): RoomState {
  if (event.seq !== state.lastSeq + 1) {
    throw new CorruptLogError(`event ${event.type} has seq ${event.seq}, expected ${state.lastSeq + 1}`);
  }
  const handler = handlers[event.type] as (s: RoomState, e: RoomEvent) => RoomState;
  return { ...handler(state, event), lastSeq: event.seq, lastAt: event.at };
}
