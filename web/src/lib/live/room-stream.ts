import {
  nativeReplySchema,
  REPLIES_QUEUE,
  roomCommandDestination,
  roomEventsTopic,
  roomStreamMessageSchema,
  SNAPSHOT_MODE,
  STREAM_MODE_HEADER,
  type NativeCommand,
  type NativeReply,
  type RoomEvent,
  type RoomSnapshotMessage,
  type RoomStreamMessage,
} from '@toron/engine';
import type { LiveConnection } from './connection';
import { resumeHeaders, seqVerdict } from './seq-continuity';

export interface RoomStreamHandlers {
  /** Each event exactly once, in seq order, starting at `fromSeq` (or right after the latest snapshot). */
  readonly onEvent: (event: RoomEvent) => void;
  /**
   * When given, every (re)subscription asks for the room's snapshot instead of replaying from a
   * seq: it arrives here, and the events go on from its seq + 1.
   */
  readonly onSnapshot?: (snapshot: RoomSnapshotMessage) => void;
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
 * makes it resubscribe from the last applied seq, so `onEvent` sees 1, 2, 3… with no holes. With
 * `onSnapshot`, each (re)subscription starts from a fresh snapshot instead, and the events go on
 * from it.
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
    const headers = () => (handlers.onSnapshot ? { [STREAM_MODE_HEADER]: SNAPSHOT_MODE } : resumeHeaders(last));
    unsubscribe = conn.subscribe(destination, roomStreamMessageSchema, receive, { headers });
  };
  const receive = (message: RoomStreamMessage) => {
    if (message.type === 'RoomSnapshot') {
      last = message.seq;
      handlers.onSnapshot?.(message);
      return;
    }
    const event = message;
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
