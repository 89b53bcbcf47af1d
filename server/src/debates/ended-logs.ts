/**
 * The logs of ended rooms, read and validated once and kept while they fit a budget of events
 * (least recently used dropped first): an ended room's log never changes, and the replay and
 * archive answers of a popular debate would otherwise parse thousands of stored events per request.
 */
import type { RoomEvent } from '@toron/engine';

/** Events kept in all (about 200 bytes each as objects: tens of MB at most). */
const BUDGET_EVENTS = 200_000;

/** Keeps what `load` (the event store's reader) returns for ended rooms. */
export function endedLogs(load: (roomId: string) => Promise<readonly RoomEvent[]>, budget = BUDGET_EVENTS) {
  const logs = new Map<string, readonly RoomEvent[]>();
  let held = 0;
  return {
    /** The whole log of a room the caller knows has ended. */
    async get(roomId: string): Promise<readonly RoomEvent[]> {
      const hit = logs.get(roomId);
      if (hit) {
        logs.delete(roomId); // re-inserted: most recently used last
        logs.set(roomId, hit);
        return hit;
      }
      const log = await load(roomId);
      // Another reader may have kept it while this one read.
      const kept = logs.get(roomId);
      if (kept) return kept;
      if (log.length > budget) return log;
      for (const [id, old] of logs) {
        if (held + log.length <= budget) break;
        logs.delete(id);
        held -= old.length;
      }
      logs.set(roomId, log);
      held += log.length;
      return log;
    },
  };
}
