import { isTerminal, persuasion, type RoomState } from '@toron/engine';
import type { RoomEventStore } from '../debates/store.js';
import type { RoomSwing } from './debate-card.js';

// Ended rooms never change, so their swing is measured once; recent ones are kept.
const REMEMBERED = 256;

/**
 * The swing of an ended room whose viewers declared stances (docs/persuasion.md): the side that
 * moved the room and the points it gained, measured from the whole log; undefined while the room
 * is live, when nobody declared, or when no side moved it.
 */
export function createRoomSwings(events: RoomEventStore) {
  const known = new Map<string, RoomSwing | undefined>();
  return async (state: RoomState): Promise<RoomSwing | undefined> => {
    if (!isTerminal(state) || !state.stances) return undefined;
    if (known.has(state.roomId)) return known.get(state.roomId);
    const swing = persuasion(await events.load(state.roomId)).swing;
    const measured = swing?.mover ? { side: swing.mover, points: swing[swing.mover] } : undefined;
    known.set(state.roomId, measured);
    if (known.size > REMEMBERED) known.delete(known.keys().next().value!);
    return measured;
  };
}
