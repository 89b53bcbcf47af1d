import type { Command, CommandOf, CommandType } from '../commands/schema.js';
import { shiftableDeadlines } from '../deadlines/next-deadline.js';
import { stamp } from '../events/stamp.js';
import { isOpen, isTerminal, type OpenRoomState, type RoomState } from '../state/room-state.js';
import { accept, refused, type Decision, type Verdict } from './decision.js';
import { decideJoinAsDebater } from './join.js';
import { decideJoinAsObserver, decideLeaveAsObserver } from './observe.js';
import { decideOpen } from './open.js';
import { decideDisconnect, decideLeave, decideReconnect } from './presence.js';
import { decideObserverChat, decideSpeak } from './speak.js';
import { decideStance } from './stance.js';
import { dueEvents } from './timed.js';
import { decideVote } from './vote.js';

type Stamped = Exclude<CommandType, 'openRoom' | 'tick'>;
type Handlers = { readonly [K in Stamped]: (state: OpenRoomState, cmd: CommandOf<K>, at: number) => Verdict };

const handlers: Handlers = {
  joinAsDebater: decideJoinAsDebater,
  joinAsObserver: decideJoinAsObserver,
  leaveAsObserver: decideLeaveAsObserver,
  leave: decideLeave,
  disconnect: decideDisconnect,
  reconnect: decideReconnect,
  speak: decideSpeak,
  observerChat: decideObserverChat,
  vote: decideVote,
  declareStance: decideStance,
  // After downtime the server moves every pending deadline by the time it was away (a waiting room's expiry stays).
  shiftDeadlines: (state, cmd) =>
    shiftableDeadlines(state).length > 0 ? accept({ type: 'DeadlinesShifted', byMs: cmd.byMs }) : accept(),
};

/**
 * Decides a command against a room state: the events to append (stamped with the next sequence
 * numbers and the command's `now`), or a rejection with a stable code. Pure. A closed or ended room
 * refuses everything; a tick yields the timed transitions due by its `now`.
 */
export function decide(state: RoomState, command: Command): Decision {
  if (command.type === 'openRoom') return decideOpen(state, command);
  if (!isOpen(state)) return refused('ROOM_NOT_OPENED');
  if (isTerminal(state)) return refused('ROOM_CLOSED');
  if (command.type === 'tick') return { ok: true, events: dueEvents(state, command.now) };
  const at = Math.max(command.now, state.lastAt);
  const handler = handlers[command.type] as (s: OpenRoomState, c: Command, at: number) => Verdict;
  const verdict = handler(state, command, at);
  if ('refuse' in verdict) return refused(verdict.refuse);
  return { ok: true, events: stamp(state, at, verdict.drafts) };
}
