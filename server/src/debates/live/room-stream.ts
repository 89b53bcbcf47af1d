/**
 * A room's native event stream (`/topic/rooms/{roomId}/events`) for one subscription: every
 * stored event from `from-seq` on, then every new one, redacted for the reader, gap-free and
 * duplicate-free by seq. With `mode: snapshot` it starts instead with the room's snapshot at its
 * latest seq N (redacted for the reader, from the per-room cache) and goes on from N + 1. The
 * reader is attached first (batches committed meanwhile are held), then the log is read in chunks
 * that each wait for the client to take the last one, up to the first held batch; then the held
 * batches follow and the stream is live.
 *
 * Bounded per connection and per user: one stream per room on a connection (a second SUBSCRIBE
 * to the same room is refused with ALREADY_SUBSCRIBED) and at most `replaysPerUser` replays
 * running at once for a user (REPLAY_BUSY).
 */
import {
  FROM_SEQ_HEADER,
  isTerminal,
  rejection,
  SNAPSHOT_MODE,
  STREAM_MODE_HEADER,
  type NativeReplyCode,
  type NativeSubscribeRefusal,
} from '@toron/engine';
import { z } from 'zod';
import type { Storage } from '../../db/storage.js';
import type { Session, Subscription, SubscribeRefusal } from '../../stomp/hooks.js';
import type { RoomDirectory } from '../directory.js';
import type { LivePrincipal } from './principal.js';
import type { RoomFeeds } from './room-feeds.js';
import { replayPages } from './replay-pages.js';
import { RoomSnapshots } from './room-snapshots.js';

/** Events read from the log per replay chunk. */
const REPLAY_CHUNK = 256;
const fromSeq = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).catch(1);

export interface StreamContext {
  readonly storage: Storage;
  readonly directory: RoomDirectory;
  readonly feeds: RoomFeeds;
  /** Replays one user may have running at once. */
  readonly replaysPerUser: number;
}

type StreamSession = Session<LivePrincipal, unknown>;

const refusal = (roomId: string, code: NativeReplyCode, message: string): SubscribeRefusal => ({
  refuse: true,
  body: { roomId, ok: false, code, message } satisfies NativeSubscribeRefusal,
});

/** Opens room streams for subscriptions. */
export function roomStreams(ctx: StreamContext) {
  const snapshots = new RoomSnapshots(ctx.storage.roomEvents);
  const pages = replayPages(ctx.storage.roomEvents, REPLAY_CHUNK);
  const running = new Map<number, number>();
  const begin = (userId: number): boolean => {
    const n = running.get(userId) ?? 0;
    if (n >= ctx.replaysPerUser) return false;
    running.set(userId, n + 1);
    return true;
  };
  const end = (userId: number) => {
    const n = (running.get(userId) ?? 1) - 1;
    if (n > 0) running.set(userId, n);
    else running.delete(userId);
  };

  /** Replays from the reader's next seq in chunks that wait for the client; false when the subscription ended. */
  async function replay(
    session: StreamSession,
    sub: Subscription,
    roomId: string,
    reader: Awaited<ReturnType<RoomFeeds['attachReader']>>['reader'],
  ) {
    for (;;) {
      const page = await pages(roomId, reader.next, reader.firstHeldSeq);
      reader.send(page.frames);
      if (!page.full) return true;
      await session.drained();
      if (!sub.active) return false;
    }
  }

  return {
    async subscribe(session: StreamSession, sub: Subscription, roomId: string): Promise<void | SubscribeRefusal> {
      const state = await ctx.directory.stateOf(roomId);
      if (!state || state.phase === 'unopened')
        return { refuse: true, body: { roomId, ok: false, ...rejection('ROOM_NOT_OPENED') } };
      const twice = [...session.subscriptions.values()].some((s) => s !== sub && s.destination === sub.destination);
      if (twice) return refusal(roomId, 'ALREADY_SUBSCRIBED', '이미 이 토론방의 이벤트를 받고 있습니다.');
      const userId = session.principal.id;
      if (!begin(userId))
        return refusal(roomId, 'REPLAY_BUSY', '이전 기록을 아직 보내는 중입니다. 잠시 후 다시 시도해 주세요.');
      try {
        const fromSnapshot = sub.headers[STREAM_MODE_HEADER] === SNAPSHOT_MODE;
        const from = fromSnapshot ? 1 : fromSeq.parse(sub.headers[FROM_SEQ_HEADER]);
        const { reader, detach } = await ctx.feeds.attachReader(session, sub, roomId, { userId }, from);
        if (fromSnapshot) {
          const snapshot = await snapshots.latest(roomId);
          if (!sub.active) return;
          reader.startAfter(snapshot);
        }
        if (!(await replay(session, sub, roomId, reader))) return;
        reader.goLive();
        if (isTerminal((await ctx.directory.stateOf(roomId)) ?? state)) detach(); // nothing more will come
      } finally {
        end(userId);
      }
    },
  };
}
