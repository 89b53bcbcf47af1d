/**
 * The native protocol of our own web client, on the `/ws` endpoint (same STOMP, same token auth).
 *
 * - SUBSCRIBE `/topic/rooms/{roomId}/events` [header `from-seq: N`, default 1]: first every stored
 *   event with seq ≥ N, then every new one, each MESSAGE one engine event (redacted for this user
 *   with `redactFor`: other people's ballots carry no choice). Nothing is missed or sent twice
 *   between replay and live (by seq); a client that reconnects subscribes again with `from-seq` =
 *   its last seq + 1.
 * - SUBSCRIBE `/user/queue/replies`: the answers to this connection's commands.
 * - SEND `/app/rooms/{roomId}/{command}` with an optional `receipt`: `join` {side: PRO|CON},
 *   `leave`, `speak` {text}, `observe`, `unobserve`, `observer-chat` {text}, `vote` {choice:
 *   PRO|CON|NO_POSITION}. Each is answered on `/user/queue/replies` with
 *   `{ roomId, command, ok: true }` or `{ roomId, command, ok: false, code, message }` (the engine's
 *   stable rejection code and Korean message). Seats and observing are bound to this connection
 *   like on the legacy endpoints (DISCONNECT = leave, a dropped socket = disconnect with grace).
 */
import {
  FROM_SEQ_HEADER,
  isTerminal,
  matchRoomCommand,
  matchRoomEventsTopic,
  rejection,
  REPLIES_QUEUE,
  type NativeReply,
  type NativeSubscribeRefusal,
} from '@toron/engine';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Session, Subscription, SubscribeRefusal } from '../../stomp/hooks.js';
import { loadEventPage } from '../event-store.js';
import { nativeFrames } from './batch-frames.js';
import type { LivePrincipal } from './principal.js';
import type { RoomFeeds } from './room-feeds.js';
import { nativeCommands, type CommandContext, type Refusal } from './native-commands.js';

const fromSeq = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).catch(1);
const UNKNOWN_DESTINATION: Refusal = { code: 'UNKNOWN_DESTINATION', message: '알 수 없는 요청입니다.' };

type NativeSession = Session<LivePrincipal, unknown>;

export interface NativeContext extends CommandContext {
  readonly db: Db;
  readonly feeds: RoomFeeds;
}

/** Events read from the log per replay chunk; between chunks the replay waits for the reader. */
const REPLAY_CHUNK = 256;

/** Handlers of the native endpoint. */
export function nativeChannel(ctx: NativeContext) {
  /**
   * Replays from `from-seq`, then goes live; redacted per reader; gap-free and duplicate-free by
   * seq. The reader is attached first (batches committed meanwhile are held), then the log is read
   * in chunks that wait for the client to take each one, up to the first held batch.
   */
  async function stream(session: NativeSession, sub: Subscription, roomId: string): Promise<void | SubscribeRefusal> {
    const state = ctx.directory.stateOf(roomId);
    if (!state || state.phase === 'unopened')
      return {
        refuse: true,
        body: { roomId, ok: false, ...rejection('ROOM_NOT_OPENED') } satisfies NativeSubscribeRefusal,
      };
    const viewer = { userId: session.principal.id };
    const from = fromSeq.parse(sub.headers[FROM_SEQ_HEADER]);
    const { reader, detach } = ctx.feeds.attachReader(session, sub, roomId, viewer, from);
    for (;;) {
      const page = loadEventPage(ctx.db, roomId, reader.next, REPLAY_CHUNK, reader.firstHeldSeq);
      reader.send(nativeFrames(page));
      if (page.length < REPLAY_CHUNK) break;
      await session.drained();
      if (!sub.active) return;
    }
    reader.goLive();
    if (isTerminal(ctx.directory.stateOf(roomId) ?? state)) detach(); // nothing more will come
  }

  const command = nativeCommands(ctx);

  return {
    async subscribe(session: NativeSession, sub: Subscription): Promise<void | SubscribeRefusal> {
      if (sub.destination === REPLIES_QUEUE) return;
      const roomId = matchRoomEventsTopic(sub.destination);
      if (!roomId)
        return {
          refuse: true,
          body: {
            ok: false,
            code: 'UNKNOWN_DESTINATION',
            message: '알 수 없는 구독 대상입니다.',
          } satisfies NativeSubscribeRefusal,
        };
      return stream(session, sub, roomId);
    },

    async send(session: NativeSession, destination: string, body: unknown): Promise<void> {
      const match = matchRoomCommand(destination);
      const roomId = match?.roomId ?? '';
      const name = match?.command ?? '';
      const refused = match ? await command({ connection: session, roomId }, name, body) : UNKNOWN_DESTINATION;
      const reply: NativeReply = refused
        ? { roomId, command: name, ok: false, code: refused.code, message: refused.message }
        : { roomId, command: name, ok: true };
      session.sendToDestination(REPLIES_QUEUE, reply);
    },
  };
}
