import type { Command } from '../commands/schema.js';
import type { RoomEvent } from '../events/schema.js';
import { replay } from '../machine/evolve.js';
import type { RoomState } from '../state/room-state.js';
import { decide } from './decide.js';
import type { Rejection } from './rejection.js';
import { dueEvents } from './timed.js';

/** The outcome of executing a command: every event to append, and the rejection if it was refused. */
export interface Execution {
  readonly events: readonly RoomEvent[];
  readonly rejection?: Rejection;
}

/**
 * Executes a command the way the server should: first the timed transitions due by `command.now`
 * (as a tick would), then the command decided against the advanced state. The due events are
 * returned even when the command is refused, so a caller never loses them. A deadline shift is
 * decided as is: its purpose is to keep overdue deadlines from firing.
 */
export function execute(state: RoomState, command: Command): Execution {
  const due = command.type === 'openRoom' || command.type === 'shiftDeadlines' ? [] : dueEvents(state, command.now);
  if (command.type === 'tick' && due.length > 0) return { events: due };
  const advanced = replay(due, state);
  const decision = decide(advanced, command);
  if (!decision.ok) return { events: due, rejection: decision.rejection };
  return { events: [...due, ...decision.events] };
}
