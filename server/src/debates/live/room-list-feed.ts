/**
 * The live room list (`/room-list/filtered?continent&category&member`, `/topic/filteredStatus`).
 * Every session gets the snapshot of the filters of its own handshake: when it subscribes, on
 * each room-list request, and when rooms change.
 *
 * Sessions with the same filters share one group: its snapshot is computed once per change of
 * the rooms (and encoded once), and a change reaches the whole group at most once a second.
 * A session's own requests are answered at most once a second too (later requests inside that
 * second are coalesced into one trailing snapshot).
 */
import type { RoomEvent, RoomState } from '@toron/engine';
import type { UserStore } from '../../users/store.js';
import type { Session, Subscription } from '../../stomp/hooks.js';
import { PreparedBody } from '../../stomp/message-body.js';
import type { CommittedBatch } from '../actor.js';
import { participantCards } from '../people.js';
import { roomListSnapshot, type RoomListFilter } from './room-list-snapshot.js';

const MIN_INTERVAL_MS = 1000;
/** Events that never change a room-list entry (everything else may). */
const QUIET = new Set<RoomEvent['type']>(['Spoke', 'ObserverChatted', 'Voted', 'TurnStarted', 'DeadlinesShifted']);

/** Whether a batch may change a room-list entry. */
export const changesList = (events: readonly RoomEvent[]): boolean => events.some((e) => !QUIET.has(e.type));

/** The live rooms a list shows: this node's, or every node's (shared-room-list). */
export interface ListedRooms {
  liveStates(): RoomState[];
}

interface Watcher {
  readonly session: Session;
  readonly subscriptionId: string;
  readonly group: FilterGroup;
  lastSentAt: number;
  /** The version of the rooms of the last snapshot sent. */
  sentVersion: number;
  timer: NodeJS.Timeout | null;
}

interface FilterGroup {
  readonly filter: RoomListFilter;
  readonly watchers: Set<Watcher>;
  /** The snapshot as of a version of the rooms. */
  cached: { readonly version: number; readonly body: Promise<PreparedBody> } | null;
  lastBroadcastAt: number;
  timer: NodeJS.Timeout | null;
}

export class RoomListFeed {
  private readonly groups = new Map<string, FilterGroup>();
  /** Counts the changes of the rooms that may change a list. */
  private version = 0;

  constructor(
    private readonly rooms: ListedRooms,
    private readonly users: UserStore,
    private readonly publicUrl: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** A subscription to the list: its first snapshot goes out at once. */
  watch(session: Session, sub: Subscription, filter: RoomListFilter): void {
    const group = this.groupOf(filter);
    const watcher: Watcher = { session, subscriptionId: sub.id, group, lastSentAt: 0, sentVersion: -1, timer: null };
    group.watchers.add(watcher);
    sub.onEnd(() => {
      if (watcher.timer) clearTimeout(watcher.timer);
      group.watchers.delete(watcher);
      if (group.watchers.size > 0) return;
      if (group.timer) clearTimeout(group.timer);
      if (this.groups.get(keyOf(filter)) === group) this.groups.delete(keyOf(filter));
    });
    this.sendTo(watcher);
  }

  /** `/app/filteredUpdate` from a session: a fresh snapshot for each of its list subscriptions. */
  requestFor(session: Session): void {
    for (const group of this.groups.values())
      for (const w of group.watchers) if (w.session === session) this.request(w);
  }

  /** A batch that may change the lists (a directory listener): every group gets its new snapshot (coalesced). */
  readonly committed = ({ events }: CommittedBatch): void => {
    if (changesList(events)) this.changed();
  };

  /** The rooms changed: every group gets its new snapshot (coalesced). */
  readonly changed = (): void => {
    this.version++;
    for (const group of this.groups.values()) this.scheduleBroadcast(group);
  };

  /** Distinct filters being watched (each one snapshot per change). */
  get groupCount(): number {
    return this.groups.size;
  }

  /** Stops every pending snapshot (shutdown). */
  stop(): void {
    for (const group of this.groups.values()) {
      if (group.timer) clearTimeout(group.timer);
      for (const w of group.watchers) if (w.timer) clearTimeout(w.timer);
    }
    this.groups.clear();
  }

  private groupOf(filter: RoomListFilter): FilterGroup {
    const key = keyOf(filter);
    let group = this.groups.get(key);
    if (!group) {
      group = { filter, watchers: new Set(), cached: null, lastBroadcastAt: 0, timer: null };
      this.groups.set(key, group);
    }
    return group;
  }

  /** Never inside the committing room's queue: at the earliest in the next turn, then at most once a second. */
  private scheduleBroadcast(group: FilterGroup): void {
    if (group.timer) return;
    const wait = Math.max(0, group.lastBroadcastAt + MIN_INTERVAL_MS - Date.now());
    group.timer = setTimeout(() => {
      group.timer = null;
      group.lastBroadcastAt = Date.now();
      for (const w of group.watchers) this.sendTo(w);
    }, wait);
  }

  private request(w: Watcher): void {
    if (w.timer) return;
    const wait = w.lastSentAt + MIN_INTERVAL_MS - Date.now();
    if (wait <= 0) return this.sendTo(w);
    w.timer = setTimeout(() => {
      w.timer = null;
      this.sendTo(w);
    }, wait);
  }

  private sendTo(w: Watcher): void {
    w.lastSentAt = Date.now();
    const { group } = w;
    const version = this.version;
    this.snapshotOf(group).then(
      (body) => {
        // Gone meanwhile, or a newer snapshot already went out (reads may finish out of order).
        if (!group.watchers.has(w) || version < w.sentVersion) return;
        w.sentVersion = version;
        w.session.sendPrepared(w.subscriptionId, body);
      },
      (err: unknown) => this.onError(err),
    );
  }

  /** The group's snapshot for the rooms as they are now: computed and encoded once per change. */
  private snapshotOf(group: FilterGroup): Promise<PreparedBody> {
    if (group.cached?.version !== this.version) {
      const rooms = this.rooms.liveStates();
      const body = participantCards(this.users, this.publicUrl, rooms).then((cards) =>
        PreparedBody.json(roomListSnapshot(rooms, group.filter, cards)),
      );
      const cached = { version: this.version, body };
      group.cached = cached;
      // A failed read is not kept: the next snapshot reads again.
      body.catch(() => {
        if (group.cached === cached) group.cached = null;
      });
    }
    return group.cached.body;
  }
}

const keyOf = (filter: RoomListFilter): string =>
  `${filter.continent ?? ''}|${filter.category ?? ''}|${filter.member ?? ''}`;
