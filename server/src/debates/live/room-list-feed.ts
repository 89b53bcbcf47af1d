/**
 * The live room list (`/room-list/filtered?continent&category&member`, `/topic/filteredStatus`).
 * Every session gets its own snapshot for the filters of its own handshake: when it subscribes,
 * on each room-list request, and when rooms change; at most one per second per session (later
 * requests inside that second are coalesced into one trailing snapshot).
 */
import type { RoomEvent } from '@toron/engine';
import type { Db } from '../../db/client.js';
import type { Session, Subscription } from '../../stomp/hooks.js';
import type { CommittedBatch } from '../actor.js';
import type { RoomDirectory } from '../directory.js';
import { participantLookup } from '../people.js';
import { roomListSnapshot, type RoomListFilter } from './room-list-snapshot.js';

const MIN_INTERVAL_MS = 1000;
/** Events that never change a room-list entry (everything else may). */
const QUIET = new Set<RoomEvent['type']>(['Spoke', 'ObserverChatted', 'Voted', 'TurnStarted', 'DeadlinesShifted']);

interface Watcher {
  readonly session: Session;
  readonly subscriptionId: string;
  readonly filter: RoomListFilter;
  lastSentAt: number;
  timer: NodeJS.Timeout | null;
}

export class RoomListFeed {
  private readonly watchers = new Map<string, Watcher>();

  constructor(
    private readonly directory: RoomDirectory,
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** A subscription to the list: its first snapshot goes out at once. */
  watch(session: Session, sub: Subscription, filter: RoomListFilter): void {
    const key = `${session.id}|${sub.id}`;
    const watcher: Watcher = { session, subscriptionId: sub.id, filter, lastSentAt: 0, timer: null };
    this.watchers.set(key, watcher);
    sub.onEnd(() => {
      if (watcher.timer) clearTimeout(watcher.timer);
      this.watchers.delete(key);
    });
    this.request(watcher);
  }

  /** `/app/filteredUpdate` from a session: a fresh snapshot for each of its list subscriptions. */
  requestFor(session: Session): void {
    for (const w of this.watchers.values()) if (w.session === session) this.request(w);
  }

  /** A batch that may change the list (a directory listener): everyone gets a fresh snapshot (coalesced). */
  readonly committed = ({ events }: CommittedBatch): void => {
    if (!events.some((e) => !QUIET.has(e.type))) return;
    for (const w of this.watchers.values()) this.request(w);
  };

  /** Stops every pending snapshot (shutdown). */
  stop(): void {
    for (const w of this.watchers.values()) if (w.timer) clearTimeout(w.timer);
    this.watchers.clear();
  }

  private request(w: Watcher): void {
    if (w.timer) return;
    const wait = w.lastSentAt + MIN_INTERVAL_MS - Date.now();
    if (wait <= 0) return this.send(w);
    w.timer = setTimeout(() => {
      w.timer = null;
      this.send(w);
    }, wait);
  }

  private send(w: Watcher): void {
    w.lastSentAt = Date.now();
    const snapshot = roomListSnapshot(
      this.directory.liveStates(),
      w.filter,
      participantLookup(this.db, this.publicUrl),
    );
    w.session.send(w.subscriptionId, snapshot);
  }
}
