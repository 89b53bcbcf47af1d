import type { Command } from '../commands/schema.js';
import type { RoomEvent } from '../events/schema.js';
import { replay } from '../machine/evolve.js';
import type { RoomState } from '../state/room-state.js';
import { decide } from './decide.js';
import type { Rejection } from './rejection.js';
import { advance } from './timed.js';

/**
 * The outcome of executing a command: every event to append, the room after them (the state it
 * was given when there are none), and the rejection if the command was refused.
 */
export interface Execution {
  readonly events: readonly RoomEvent[];
  readonly state: RoomState;
  readonly rejection?: Rejection;
}

/**
 * Executes a command the way the server should: first the timed transitions due by `command.now`
 * (as a tick would), then the command decided against the advanced state. The due events are
 * returned even when the command is refused, so a caller never loses them. A deadline shift is
 * decided as is: its purpose is to keep overdue deadlines from firing. Each event is folded once,
 * here, so the caller keeps the returned state instead of folding the events again.
 */
export function execute(state: RoomState, command: Command): Execution {
  const untimed = command.type === 'openRoom' || command.type === 'shiftDeadlines';
  const due = untimed ? { events: [], state } : advance(state, command.now);
  if (command.type === 'tick' && due.events.length > 0) return due;
  const decision = decide(due.state, command);
  if (!decision.ok) return { ...due, rejection: decision.rejection };
  return { events: [...due.events, ...decision.events], state: replay(decision.events, due.state) };
}
