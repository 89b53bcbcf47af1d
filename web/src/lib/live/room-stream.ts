import {
  nativeReplySchema,
  REPLIES_QUEUE,
  roomCommandDestination,
  roomEventSchema,
  roomEventsTopic,
  type NativeCommand,
  type NativeReply,
  type RoomEvent,
} from '@toron/engine';
import type { LiveConnection } from './connection';
import { resumeHeaders, seqVerdict } from './seq-continuity';

export interface RoomStreamHandlers {
  /** Each event exactly once, in seq order, starting at `fromSeq`. */
  readonly onEvent: (event: RoomEvent) => void;
  readonly onReply?: (reply: NativeReply) => void;
}

export interface RoomStream {
  /** The seq of the last event handed to `onEvent` (0 before any). */
  lastSeq(): number;
  send(command: NativeCommand): boolean;
  close(): void;
}

/**
 * A room's native event stream over a live connection: replays from `from-seq`, then live; after
 * every reconnect it resubscribes from the last applied seq + 1; duplicates are dropped and a gap
 * makes it resubscribe from the last applied seq, so `onEvent` sees 1, 2, 3… with no holes.
 */
export function openRoomStream(
  conn: LiveConnection,
  roomId: string,
  handlers: RoomStreamHandlers,
  fromSeq = 1,
): RoomStream {
  let last = fromSeq - 1;
  const destination = roomEventsTopic(roomId);
  let unsubscribe = () => {};
  const subscribe = () => {
    unsubscribe();
    unsubscribe = conn.subscribe(destination, roomEventSchema, receive, { headers: () => resumeHeaders(last) });
  };
  const receive = (event: RoomEvent) => {
    const verdict = seqVerdict(last, event.seq);
    if (verdict === 'duplicate') return;
    if (verdict === 'gap') {
      console.warn(`room stream gap: had ${last}, got ${event.seq}; resubscribing`);
      subscribe();
      return;
    }
    last = event.seq;
    handlers.onEvent(event);
  };
  subscribe();
  const offReplies = conn.subscribe(REPLIES_QUEUE, nativeReplySchema, (reply) => {
    if (!reply.roomId || reply.roomId === roomId) handlers.onReply?.(reply);
  });
  return {
    lastSeq: () => last,
    send: ({ command, body }) => conn.publish(roomCommandDestination(roomId, command), body ?? {}),
    close() {
      unsubscribe();
      offReplies();
    },
  };
}
