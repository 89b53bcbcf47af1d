/**
 * Presence as a store shared by whoever counts sessions: in process by default, Redis across nodes
 * (server/src/redis/presence.ts), where a user's sessions may sit on several nodes and only the
 * last one leaving anywhere counts. Both pass one contract suite
 * (server/test/debates/presence.contract.ts).
 */
import { Presence, type PresenceEntry } from './presence.js';

export interface PresenceStore {
  /** Adds a session; true when it is the user's first in this room and role. */
  add(entry: PresenceEntry, sessionId: string): Promise<boolean>;
  /** Removes a session; true when it was the user's last one in this room and role. */
  remove(entry: PresenceEntry, sessionId: string): Promise<boolean>;
  /** Whether any session carries the user in this room and role. */
  has(entry: PresenceEntry): Promise<boolean>;
  /** Forgets everyone's presence in a room (it has ended). */
  forgetRoom(roomId: string): Promise<void>;
  /** Drops a closed session; returns the entries it was the last session of. */
  drop(sessionId: string): Promise<PresenceEntry[]>;
}

/** The in-process store: this process's sessions are all there is. */
export function memoryPresenceStore(): PresenceStore {
  const presence = new Presence();
  return {
    add: async (entry, sessionId) => presence.add(entry, sessionId),
    remove: async (entry, sessionId) => presence.remove(entry, sessionId),
    has: async (entry) => presence.has(entry),
    forgetRoom: async (roomId) => presence.forgetRoom(roomId),
    drop: async (sessionId) => presence.drop(sessionId),
  };
}
