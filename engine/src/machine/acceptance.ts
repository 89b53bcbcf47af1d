import type { AnyStateNode } from 'xstate';
import type { RoomEventType } from '../events/schema.js';
import type { RoomState } from '../state/room-state.js';
import { roomMachine } from './room-machine.js';

/** The machine's state value for a room state: the phase, with the voting stage. */
export function stateValueOf(state: RoomState): string | { voting: 'pause' | 'open' } {
  return state.phase === 'voting' ? { voting: state.vote?.open ? 'open' : 'pause' } : state.phase;
}

/** The dotted path of the machine's leaf state for a room state ("voting.open", "waiting", …). */
export function statePathOf(state: RoomState): string {
  const value = stateValueOf(state);
  return typeof value === 'string' ? value : `voting.${value.voting}`;
}

function leaves(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states) as AnyStateNode[];
  return children.length === 0 ? [node] : children.flatMap(leaves);
}

function acceptedBy(leaf: AnyStateNode): Set<string> {
  const types = new Set<string>();
  for (let node: AnyStateNode | undefined = leaf; node; node = node.parent) {
    // The machine is typed loosely here (any state node); its event descriptors are event types, i.e. strings.
    for (const type of node.ownEvents as readonly string[]) types.add(type);
  }
  return types;
}

// Read once from the machine: the events each leaf state accepts. The fast fold checks against it.
const ACCEPTED: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  leaves(roomMachine.root).map((leaf) => [leaf.path.join('.'), acceptedBy(leaf)]),
);

/** Whether the room machine accepts an event of this type in the room's current state. */
export function accepts(state: RoomState, type: RoomEventType): boolean {
  return ACCEPTED.get(statePathOf(state))?.has(type) ?? false;
}

/** Every leaf state path of the machine with the event types it accepts. */
export function acceptanceTable(): ReadonlyMap<string, ReadonlySet<string>> {
  return ACCEPTED;
}
