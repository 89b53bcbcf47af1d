import type { RoomState } from '../state/room-state.js';
import { EVENT_SCHEMA_VERSION, type EventDraft, type RoomEvent } from './schema.js';

/**
 * Turns drafts into stored events following the room's last one: consecutive sequence numbers,
 * the given time (never earlier than the room's last event) and the schema version.
 */
export function stamp(state: RoomState, at: number, drafts: readonly EventDraft[]): RoomEvent[] {
  const time = Math.max(at, state.lastAt);
  return drafts.map((draft, i) => ({ ...draft, seq: state.lastSeq + i + 1, at: time, v: EVENT_SCHEMA_VERSION }));
}
