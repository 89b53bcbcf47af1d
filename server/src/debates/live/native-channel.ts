/**
 * The native protocol of our own web client, on the `/ws` endpoint (same STOMP, same token auth).
 *
 * - SUBSCRIBE `/topic/rooms/{roomId}/events` [header `from-seq: N`, default 1]: first every stored
 *   event with seq ≥ N, then every new one, each MESSAGE one engine event (redacted for this user
 *   with `redactFor`: other people's ballots carry no choice). Nothing is missed or sent twice
 *   between replay and live (by seq); a client that reconnects subscribes again with `from-seq` =
 *   its last seq + 1. With header `mode: snapshot` instead: one `RoomSnapshot` message (the room
 *   state at seq N redacted for this user, and the recent transcript), then every event from N + 1.
 * - SUBSCRIBE `/topic/rooms/{roomId}/stance`: the room's stance board now, then whenever it
 *   changes (coalesced, see stance-boards): the shares of the viewers' stances, from 3 declared on,
 *   and whether stances may still change. No message names a viewer.
 * - SUBSCRIBE `/user/queue/replies`: the answers to this connection's commands.
 * - SEND `/app/rooms/{roomId}/{command}` with an optional `receipt`: `join` {side: PRO|CON},
 *   `leave`, `speak` {text}, `observe`, `unobserve`, `observer-chat` {text}, `vote` {choice:
 *   PRO|CON|NO_POSITION}. Each is answered on `/user/queue/replies` with
 *   `{ roomId, command, ok: true }` or `{ roomId, command, ok: false, code, message }` (the engine's
 *   stable rejection code and Korean message; ROOM_UNAVAILABLE when the room failed to run it).
 *   Seats and observing are bound to this connection like on the legacy endpoints (DISCONNECT =
 *   leave, a dropped socket = disconnect with grace).
 */
import {
  matchRoomCommand,
  matchRoomEventsTopic,
  matchRoomStanceTopic,
  rejection,
  REPLIES_QUEUE,
  stanceBoard,
  type NativeReply,
  type NativeSubscribeRefusal,
} from '@toron/engine';
import type { Session, Subscription, SubscribeRefusal } from '../../stomp/hooks.js';
import { PreparedBody } from '../../stomp/message-body.js';
import type { LivePrincipal } from './principal.js';
import { nativeCommands, type CommandContext, type Refusal } from './native-commands.js';
import { roomStreams, type StreamContext } from './room-stream.js';

const UNKNOWN_DESTINATION: Refusal = { code: 'UNKNOWN_DESTINATION', message: '알 수 없는 요청입니다.' };

type NativeSession = Session<LivePrincipal, unknown>;

export interface NativeContext extends CommandContext, StreamContext {}

/** Handlers of the native endpoint. */
export function nativeChannel(ctx: NativeContext) {
  const streams = roomStreams(ctx);
  const command = nativeCommands(ctx);

  /** Binds the room's stance boards to this subscription, then sends the board as it is now. */
  async function stance(session: NativeSession, sub: Subscription, roomId: string): Promise<void | SubscribeRefusal> {
    const state = await ctx.directory.stateOf(roomId);
    if (!state || state.phase === 'unopened')
      return {
        refuse: true,
        body: { roomId, ok: false, ...rejection('ROOM_NOT_OPENED') } satisfies NativeSubscribeRefusal,
      };
    await ctx.feeds.bindStance(session, sub, roomId);
    // The board as it is now, read in the turn that bound it, so no change falls between the two.
    const now = ctx.directory.live(roomId)?.state ?? state;
    session.sendPrepared(sub.id, PreparedBody.json(stanceBoard(now)));
  }

  return {
    async subscribe(session: NativeSession, sub: Subscription): Promise<void | SubscribeRefusal> {
      if (sub.destination === REPLIES_QUEUE) return;
      const stanceRoom = matchRoomStanceTopic(sub.destination);
      if (stanceRoom) return stance(session, sub, stanceRoom);
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
      return streams.subscribe(session, sub, roomId);
    },

    async send(session: NativeSession, destination: string, body: unknown): Promise<void> {
      const match = matchRoomCommand(destination);
      const roomId = match?.roomId ?? '';
      const name = match?.command ?? '';
      const answer = (refused: Refusal | null) => {
        const reply: NativeReply = refused
          ? { roomId, command: name, ok: false, code: refused.code, message: refused.message }
          : { roomId, command: name, ok: true };
        session.sendToDestination(REPLIES_QUEUE, reply);
      };
      let refused: Refusal | null;
      try {
        refused = match ? await command({ connection: session, roomId }, name, body) : UNKNOWN_DESTINATION;
      } catch (error) {
        // The room could not run it (its database failed, or it moved twice on the way): the client
        // still gets an answer, and learns from the room's stream whether it happened.
        answer(rejection('ROOM_UNAVAILABLE'));
        throw error;
      }
      answer(refused);
    },
  };
}
