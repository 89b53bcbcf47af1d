/**
 * The live room list (`/room-list/filtered?continent&category&member`, `/topic/filteredStatus`).
 * Every session gets its own snapshot for the filters of its own handshake: when it subscribes,
 * on each `/app/filteredUpdate`, and when rooms change; at most one per second per session
 * (later requests inside that second are coalesced into one trailing snapshot).
 *
 * Contents: `roomSortedByCreatedAt` (최신순) and `roomSortedByUserCount` (임박순, fewest open
 * seats first) list the rooms still recruiting (WAITING), where the join buttons work;
 * `observerCurrent` (인기순, also the main page's top 10) and `observerMax` list every live room,
 * waiting or in progress, since watching works in both. Ended rooms leave every list.
 */
import {
  CATEGORIES,
  CONTINENTS,
  FORMATS,
  isJoinable,
  ROOM_LIST_ORDER,
  roomListEntry,
  roomListKeys,
  type RoomListEntry,
  type RoomListSnapshot,
  type RoomState,
} from '@toron/engine';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Session, Subscription } from '../../stomp/hooks.js';
import type { RoomDirectory } from '../directory.js';
import { participantLookup } from '../people.js';

const MIN_INTERVAL_MS = 1000;

const blankOr = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .catch(undefined);
const filterSchema = z.object({
  continent: blankOr(z.enum(CONTINENTS)),
  category: blankOr(z.enum(CATEGORIES)),
  member: blankOr(z.enum(FORMATS)),
});
type Filter = z.infer<typeof filterSchema>;

/** The handshake's filters; an empty or unknown value means "no filter". */
export function filterOf(query: URLSearchParams): Filter {
  return filterSchema.parse({
    continent: query.get('continent') ?? undefined,
    category: query.get('category') ?? undefined,
    member: query.get('member') ?? undefined,
  });
}

interface Watcher {
  readonly session: Session;
  readonly subscriptionId: string;
  readonly filter: Filter;
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
  watch(session: Session, sub: Subscription, filter: Filter): void {
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

  /** Rooms changed: everyone gets a fresh snapshot (coalesced). */
  roomsChanged(): void {
    for (const w of this.watchers.values()) this.request(w);
  }

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
    w.session.send(w.subscriptionId, this.snapshot(w.filter));
  }

  /** The §2.5 snapshot for one filter. */
  snapshot(filter: Filter): RoomListSnapshot {
    const cards = participantLookup(this.db, this.publicUrl);
    const rooms = this.directory.liveStates().filter((s) => matches(s, filter));
    const rows = rooms
      .map((state) => ({ state, entry: roomListEntry(state, cards), keys: roomListKeys(state) }))
      .filter(
        (r): r is { state: RoomState; entry: RoomListEntry; keys: ReturnType<typeof roomListKeys> } => r.entry !== null,
      );
    const sorted = (list: typeof rows, order: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) =>
      [...list].sort(order).map((r) => r.entry);
    const waiting = rows.filter((r) => isJoinable(r.state));
    return {
      roomCount: rows.length,
      roomSortedByCreatedAt: sorted(waiting, (a, b) => ROOM_LIST_ORDER.roomSortedByCreatedAt(a.keys, b.keys)),
      roomSortedByUserCount: sorted(waiting, (a, b) => ROOM_LIST_ORDER.roomSortedByUserCount(a.keys, b.keys)),
      observerCurrent: sorted(rows, (a, b) => ROOM_LIST_ORDER.observerCurrent(a.keys, b.keys)),
      observerMax: sorted(rows, (a, b) => b.entry.maxCount - a.entry.maxCount || b.keys.createdAt - a.keys.createdAt),
    };
  }
}

function matches(state: RoomState, filter: Filter): boolean {
  const s = state.settings;
  if (!s) return false;
  return (
    (!filter.continent || s.continent === filter.continent) &&
    (!filter.category || s.category === filter.category) &&
    (!filter.member || s.format === filter.member)
  );
}
