import type { RoomState } from '../state/room-state.js';
import { stateValueOf } from './acceptance.js';
import { roomMachine } from './room-machine.js';

/**
 * The room machine's snapshot for a room state (its leaf state and the state as context): where
 * the machine stands after folding the events that led to it. Folding goes on from here, and a
 * client starts its machine here from a stream's snapshot (`createActor(roomMachine, { snapshot })`).
 */
export function machineSnapshotOf(state: RoomState) {
  return roomMachine.resolveState({ value: stateValueOf(state), context: state });
}
