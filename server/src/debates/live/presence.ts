/** What a connection is in a room as: a debater (holding a seat) or an observer. */
export type PresenceRole = 'debater' | 'observer';

/** One user's presence in one room in one role. */
export interface PresenceEntry {
  readonly roomId: string;
  readonly role: PresenceRole;
  readonly userId: number;
}

const keyOf = (e: PresenceEntry): string => `${e.roomId}|${e.role}|${e.userId}`;

/**
 * Which STOMP sessions carry which user in which room. A user may hold several sessions (a
 * reconnect that beats the old socket's close, two tabs): only the last one leaving counts.
 */
export class Presence {
  private readonly sessionsByKey = new Map<string, Set<string>>();
  private readonly keysBySession = new Map<string, Map<string, PresenceEntry>>();

  /** Adds a session; true when it is the user's first in this room and role. */
  add(entry: PresenceEntry, sessionId: string): boolean {
    const key = keyOf(entry);
    const sessions = this.sessionsByKey.get(key) ?? new Set<string>();
    const first = sessions.size === 0;
    sessions.add(sessionId);
    this.sessionsByKey.set(key, sessions);
    const mine = this.keysBySession.get(sessionId) ?? new Map<string, PresenceEntry>();
    mine.set(key, entry);
    this.keysBySession.set(sessionId, mine);
    return first;
  }

  /** Removes a session; true when it was the user's last one in this room and role. */
  remove(entry: PresenceEntry, sessionId: string): boolean {
    const key = keyOf(entry);
    const sessions = this.sessionsByKey.get(key);
    const mine = this.keysBySession.get(sessionId);
    mine?.delete(key);
    if (mine?.size === 0) this.keysBySession.delete(sessionId);
    if (!sessions?.delete(sessionId)) return false;
    if (sessions.size > 0) return false;
    this.sessionsByKey.delete(key);
    return true;
  }

  /** Whether any session carries the user in this room and role. */
  has(entry: PresenceEntry): boolean {
    return (this.sessionsByKey.get(keyOf(entry))?.size ?? 0) > 0;
  }

  /** Whether this session carries the user in this room and role. */
  carries(entry: PresenceEntry, sessionId: string): boolean {
    return this.keysBySession.get(sessionId)?.has(keyOf(entry)) ?? false;
  }

  /** The entries a session carries. */
  entriesOf(sessionId: string): PresenceEntry[] {
    return [...(this.keysBySession.get(sessionId)?.values() ?? [])];
  }

  /** Every entry with each session that carries it. */
  *held(): Iterable<readonly [PresenceEntry, string]> {
    for (const [sessionId, mine] of this.keysBySession) for (const entry of mine.values()) yield [entry, sessionId];
  }

  /** Forgets everyone's presence in a room (it has ended), so long-lived sessions keep nothing for it. */
  forgetRoom(roomId: string): void {
    const prefix = `${roomId}|`;
    for (const [key, sessions] of this.sessionsByKey) {
      if (!key.startsWith(prefix)) continue;
      this.sessionsByKey.delete(key);
      for (const sessionId of sessions) {
        const mine = this.keysBySession.get(sessionId);
        mine?.delete(key);
        if (mine?.size === 0) this.keysBySession.delete(sessionId);
      }
    }
  }

  /** Drops a closed session; returns the entries it was the last session of. */
  drop(sessionId: string): PresenceEntry[] {
    const entries = this.entriesOf(sessionId);
    this.keysBySession.delete(sessionId);
    return entries.filter((e) => this.remove(e, sessionId));
  }
}
