import { roomEventSchema, type RoomEvent } from '@toron/engine';
import { z } from 'zod';
import type { LiveConnection } from './connection';
import { resumeHeaders, seqVerdict } from './seq-continuity';

/** The answer to one room command on `/user/queue/replies`. */
export const replySchema = z.object({
  roomId: z.string().optional().default(''),
  command: z.string().optional().default(''),
  ok: z.boolean(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type RoomReply = z.infer<typeof replySchema>;

/** Commands of the native endpoint (`/app/rooms/{id}/{command}`). */
export type RoomCommand =
  | { readonly command: 'join'; readonly body: { readonly side: 'PRO' | 'CON' } }
  | { readonly command: 'leave' | 'observe' | 'unobserve'; readonly body?: undefined }
  | { readonly command: 'speak' | 'observer-chat'; readonly body: { readonly text: string } }
  | { readonly command: 'vote'; readonly body: { readonly choice: 'PRO' | 'CON' | 'NO_POSITION' } };

export interface RoomStreamHandlers {
  /** Each event exactly once, in seq order, starting at `fromSeq`. */
  readonly onEvent: (event: RoomEvent) => void;
  readonly onReply?: (reply: RoomReply) => void;
}

export interface RoomStream {
  /** The seq of the last event handed to `onEvent` (0 before any). */
  lastSeq(): number;
  send(command: RoomCommand): boolean;
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
  const destination = `/topic/rooms/${roomId}/events`;
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
  const offReplies = conn.subscribe('/user/queue/replies', replySchema, (reply) => {
    if (!reply.roomId || reply.roomId === roomId) handlers.onReply?.(reply);
  });
  return {
    lastSeq: () => last,
    send: ({ command, body }) => conn.publish(`/app/rooms/${roomId}/${command}`, body ?? {}),
    close() {
      unsubscribe();
      offReplies();
    },
  };
}
