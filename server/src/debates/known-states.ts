/**
 * The states of rooms this node does not run, kept so that reading one does not replay its whole
 * log. A followed room (subscribers here: its relay delivers every committed batch once, in seq
 * order, see live/room-feeds) is folded batch by batch and read without touching the database.
 * Any other room read lately is kept too, a bounded number of them, and brought up to date when it
 * is read again by folding only the events logged since (one read of the log's tail). A room that
 * ended is left to the directory's ended rooms; one that loses its last subscriber here joins the
 * rooms read lately.
 */
import { isTerminal, replay, type RoomEvent, type RoomState } from '@toron/engine';
import type { RoomEventStore } from './store.js';

/** Rooms read lately (not followed) whose state is kept. */
const KEPT = 256;

/** Where a state is brought up to date from. */
export type TailLog = Pick<RoomEventStore, 'load'>;

/** `state` (or a new room's) brought up to the room's latest logged event: folds only the events after it. */
export async function foldTail(log: TailLog, roomId: string, state?: RoomState): Promise<RoomState> {
  return replay(await log.load(roomId, (state?.lastSeq ?? 0) + 1), state);
}

/** A followed room's state, advanced by each batch its relay delivers. */
export class FollowedRoom {
  constructor(private current: RoomState) {}

  get state(): RoomState {
    return this.current;
  }

  /** The next delivered run (contiguous, from `state.lastSeq + 1`). */
  advance(events: readonly RoomEvent[]): void {
    this.current = replay(events, this.current);
  }
}

export class KnownStates {
  private readonly followed = new Map<string, FollowedRoom>();
  private readonly kept = new Map<string, RoomState>();

  constructor(private readonly log: TailLog) {}

  /** The state of a followed room (no database read), or undefined. */
  followedState(roomId: string): RoomState | undefined {
    return this.followed.get(roomId)?.state;
  }

  /** Whether the room's state is here (so the room exists). */
  holds(roomId: string): boolean {
    return this.followed.has(roomId) || this.kept.has(roomId);
  }

  /** The room's state as logged now: a followed room's from memory, else the kept one and the tail after it. */
  async current(roomId: string): Promise<RoomState> {
    const followed = this.followed.get(roomId);
    if (followed) return followed.state;
    const state = await foldTail(this.log, roomId, this.kept.get(roomId));
    if (!this.followed.has(roomId)) this.keep(roomId, state);
    return state;
  }

  /** Starts following the room from its state as logged now; the caller's relay advances it from the next seq. */
  async follow(roomId: string): Promise<FollowedRoom> {
    const room = new FollowedRoom(await this.current(roomId));
    this.followed.set(roomId, room);
    this.kept.delete(roomId);
    return room;
  }

  /** The room's relay stopped: its last state joins the rooms read lately. */
  unfollow(roomId: string, room: FollowedRoom): void {
    if (this.followed.get(roomId) !== room) return;
    this.followed.delete(roomId);
    this.keep(roomId, room.state);
  }

  /** Followed rooms, and kept ones (a bounded number, most recently read last). */
  get size(): { followed: number; kept: number } {
    return { followed: this.followed.size, kept: this.kept.size };
  }

  private keep(roomId: string, state: RoomState): void {
    const known = this.kept.get(roomId);
    this.kept.delete(roomId); // re-inserted last: the most recent
    // Two reads of one room may finish out of order: the later state stays.
    const latest = known && known.lastSeq > state.lastSeq ? known : state;
    if (isTerminal(latest)) return;
    this.kept.set(roomId, latest);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT) break;
      this.kept.delete(oldest);
    }
  }
}
