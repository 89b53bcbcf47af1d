import { transition } from 'xstate';
import type { RoomEvent } from '../events/schema.js';
import { applyEvent, CorruptLogError } from '../evolve/apply.js';
import { INITIAL_ROOM_STATE, type RoomState } from '../state/room-state.js';
import { accepts, statePathOf } from './acceptance.js';
import { machineSnapshotOf } from './resume.js';
import { roomMachine } from './room-machine.js';

const pathOfValue = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : (Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${pathOfValue(v)}`)[0] ?? '');

/**
 * Folds one event into the state through the XState machine (pure `transition`, no actor, no timers).
 * Throws CorruptLogError when the machine does not accept the event in this state, or when the
 * machine's target state and the context's phase disagree.
 */
export function evolve(state: RoomState, event: RoomEvent): RoomState {
  if (!accepts(state, event.type)) {
    throw new CorruptLogError(`${event.type} (seq ${event.seq}) is impossible in ${statePathOf(state)}`);
  }
  const [next] = transition(roomMachine, machineSnapshotOf(state), event);
  const target = pathOfValue(next.value);
  if (target !== statePathOf(next.context)) {
    throw new CorruptLogError(`machine went to ${target} but the room state says ${statePathOf(next.context)}`);
  }
  return next.context;
}

/**
 * The fast fold of one event: the same context update as the machine's, checked against the
 * machine's acceptance table, without building snapshots. A test asserts it equals `evolve`.
 */
export function evolveFast(state: RoomState, event: RoomEvent): RoomState {
  if (!accepts(state, event.type)) {
    throw new CorruptLogError(`${event.type} (seq ${event.seq}) is impossible in ${statePathOf(state)}`);
  }
  return applyEvent(state, event);
}

/** Rebuilds a room's state from its whole log with the fast fold. */
export function replay(events: readonly RoomEvent[], from: RoomState = INITIAL_ROOM_STATE): RoomState {
  let state = from;
  for (const event of events) state = evolveFast(state, event);
  return state;
}

/** Rebuilds a room's state from its log through the XState machine, event by event. */
export function replayWithMachine(events: readonly RoomEvent[], from: RoomState = INITIAL_ROOM_STATE): RoomState {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
}
