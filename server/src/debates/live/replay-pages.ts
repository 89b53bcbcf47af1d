/**
 * The pages of a room's log that replays read, encoded as frames, shared by subscribers who start
 * together: everyone watching a room that has just opened subscribes within a moment, and each
 * would otherwise read and encode the same first page (on PostgreSQL, a pooled connection each
 * while every other room's chat waits for one). A page is read one turn of the event loop after
 * it is first asked for, and every subscriber who asks for the same page before then shares that
 * read. Each of them attached to the room before asking, so the read, sent after all of them had
 * attached, holds every event committed before any of them attached: no sharer misses one. A read
 * already sent is never joined (it may predate a later subscriber's attach).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RoomEventStore } from '../store.js';
import { nativeFrames, type NativeFrame } from './batch-frames.js';

export interface ReplayPage {
  readonly frames: readonly NativeFrame[];
  /** Whether the log may go on past this page (it was full). */
  readonly full: boolean;
}

/** Reads pages of at most `limit` events, shared as above. */
export function replayPages(events: RoomEventStore, limit: number) {
  const gathering = new Map<string, Promise<ReplayPage>>();
  return (roomId: string, fromSeq: number, beforeSeq: number | undefined): Promise<ReplayPage> => {
    const key = `${roomId} ${fromSeq} ${beforeSeq ?? ''}`;
    const joined = gathering.get(key);
    if (joined) return joined;
    const read = nextTurn().then(async () => {
      gathering.delete(key);
      const page = await events.loadPage(roomId, fromSeq, limit, beforeSeq);
      return { frames: nativeFrames(page), full: page.length === limit };
    });
    gathering.set(key, read);
    return read;
  };
}
