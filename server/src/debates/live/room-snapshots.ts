/**
 * The latest snapshot of each room (the engine's fold of its log, see `advanceSnapshot`), kept so
 * that many opens of a room cost one fold: an open folds only the events stored since the kept
 * snapshot, and opens that arrive while a fold runs share it. A first fold reads the log in
 * chunks that yield to other work between them. The most recently opened rooms are kept.
 */
import { advanceSnapshot, EMPTY_SNAPSHOT, type RoomSnapshot } from '@toron/engine';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { RoomEventStore } from '../store.js';

/** Events read from the log per fold chunk. */
const FOLD_CHUNK = 512;
/** Rooms whose snapshot is kept (each holds a room state and up to two chats' recent lines). */
const ROOMS_KEPT = 64;

export class RoomSnapshots {
  private readonly kept = new Map<string, RoomSnapshot>();
  private readonly folding = new Map<string, Promise<RoomSnapshot>>();

  constructor(private readonly events: RoomEventStore) {}

  /** The room's snapshot at its latest stored event (or a later one, when a running fold gets there first). */
  latest(roomId: string): Promise<RoomSnapshot> {
    const running = this.folding.get(roomId);
    if (running) return running;
    const fold = this.fold(roomId).finally(() => this.folding.delete(roomId));
    this.folding.set(roomId, fold);
    return fold;
  }

  /** Snapshots kept now. */
  get size(): number {
    return this.kept.size;
  }

  private async fold(roomId: string): Promise<RoomSnapshot> {
    let snapshot = this.kept.get(roomId) ?? EMPTY_SNAPSHOT;
    for (;;) {
      const page = await this.events.loadPage(roomId, snapshot.seq + 1, FOLD_CHUNK);
      snapshot = advanceSnapshot(snapshot, page);
      if (page.length < FOLD_CHUNK) break;
      await yieldToOthers();
    }
    this.keep(roomId, snapshot);
    return snapshot;
  }

  private keep(roomId: string, snapshot: RoomSnapshot): void {
    this.kept.delete(roomId); // re-inserted last: the most recent
    this.kept.set(roomId, snapshot);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= ROOMS_KEPT) break;
      this.kept.delete(oldest);
    }
  }
}
