/**
 * The live rooms of every node, for the room list of this one. Each node runs only its own rooms,
 * so the rest are known from PostgreSQL: a node whose room changes in a way the list shows
 * announces the room on `rooms:changed` (its changes gathered for 250 ms into one notice), and
 * every other node brings that room's kept state up to date from its log (only the events after
 * it). The whole set is read at start and again after Redis comes back (notices may have been
 * lost meanwhile), and checked when a room changes owner (its old owner may have died before
 * announcing what it had just committed).
 */
import { isOpen, isTerminal, type RoomState } from '@toron/engine';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PubSub, Unsubscribe } from '../../realtime/pubsub.js';
import type { CommittedBatch } from '../actor.js';
import type { RoomDirectory } from '../directory.js';
import { foldTail, type TailLog } from '../known-states.js';
import type { RoomStore } from '../store.js';
import { changesList } from './room-list-feed.js';

const TOPIC = 'rooms:changed';
const GATHER_MS = 250;
const noticeSchema = z.object({
  from: z.string().min(1).max(64),
  roomIds: z.array(z.string().min(1).max(100)).min(1).max(10_000),
});

export interface SharedRoomListContext {
  readonly self: string;
  readonly pubsub: PubSub;
  readonly directory: RoomDirectory;
  readonly storage: { readonly rooms: Pick<RoomStore, 'liveIds'>; readonly roomEvents: TailLog };
  readonly logger: Logger;
  /** The set changed (the list's snapshots are due). */
  readonly changed: () => void;
}

export class SharedRoomList {
  private readonly states = new Map<string, RoomState>();
  private readonly gathered = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private stops: Unsubscribe[] = [];
  /** Rooms whose owner changed since the last check, and the check running. */
  private readonly moved = new Set<string>();
  private checking: Promise<void> | null = null;

  constructor(private readonly ctx: SharedRoomListContext) {}

  /** Hears the other nodes, then reads every live room. */
  async start(): Promise<void> {
    const { pubsub } = this.ctx;
    this.stops.push(await pubsub.subscribeReady(TOPIC, (m) => this.heard(m.payload)));
    this.stops.push(pubsub.onReconnect(() => void this.reloadAll()));
    await this.reloadAll();
  }

  /** The live rooms of every node, this node's as they are now. */
  liveStates(): RoomState[] {
    return [...this.states.keys()].map((id) => this.ctx.directory.live(id)?.state ?? this.states.get(id)!);
  }

  /** A batch of a room this node runs (a directory listener): kept, and announced when the list shows it. */
  readonly committed = ({ roomId, events, state }: CommittedBatch): void => {
    if (!changesList(events)) return;
    this.keep(roomId, state);
    this.gathered.add(roomId);
    this.timer ??= setTimeout(() => this.announce(), GATHER_MS);
  };

  /**
   * A room changed owner (a claim or a release): if its old owner died, the notice of its last
   * batches may be lost, and so may those of its rooms that opened or ended just before. The room
   * is read again and the set checked against the live rooms in PostgreSQL (ended ones dropped,
   * unknown ones read); one check at a time, changes heard meanwhile go into the next.
   */
  ownerChanged(roomId: string): void {
    this.moved.add(roomId);
    this.checking ??= this.check()
      .catch((err: unknown) => this.ctx.logger.warn({ err }, 'live rooms of the list not checked'))
      .finally(() => (this.checking = null));
  }

  private async check(): Promise<void> {
    while (this.moved.size > 0) {
      const moved = new Set(this.moved);
      this.moved.clear();
      const live = new Set(await this.ctx.storage.rooms.liveIds());
      for (const id of [...this.states.keys()]) if (!live.has(id)) this.states.delete(id);
      await this.reload([...live].filter((id) => moved.has(id) || !this.states.has(id)));
      this.ctx.changed();
    }
  }

  /** Stops listening; resolves once a check under way has finished (before the storage closes). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    for (const stop of this.stops) stop();
    await this.checking;
  }

  private announce(): void {
    this.timer = null;
    const roomIds = [...this.gathered];
    this.gathered.clear();
    this.ctx.pubsub.publish(TOPIC, { from: this.ctx.self, roomIds }).catch((err: unknown) => {
      this.ctx.logger.warn({ err }, 'room list change not announced');
    });
  }

  private heard(payload: unknown): void {
    const notice = noticeSchema.safeParse(payload);
    if (!notice.success) return this.ctx.logger.warn('invalid room list notice dropped');
    if (notice.data.from === this.ctx.self) return;
    this.reload(notice.data.roomIds).then(this.ctx.changed, (err: unknown) =>
      this.ctx.logger.warn({ err }, 'rooms of the list not read'),
    );
  }

  private async reloadAll(): Promise<void> {
    try {
      const ids = await this.ctx.storage.rooms.liveIds();
      for (const id of [...this.states.keys()]) if (!ids.includes(id)) this.states.delete(id);
      await this.reload(ids);
      this.ctx.changed();
    } catch (err) {
      this.ctx.logger.warn({ err }, 'live rooms of the list not read');
    }
  }

  private async reload(roomIds: readonly string[]): Promise<void> {
    for (const id of roomIds) {
      const local = this.ctx.directory.live(id)?.state;
      this.keep(id, local ?? (await foldTail(this.ctx.storage.roomEvents, id, this.states.get(id))));
    }
  }

  private keep(roomId: string, state: RoomState): void {
    if (isOpen(state) && !isTerminal(state)) this.states.set(roomId, state);
    else this.states.delete(roomId);
  }
}
