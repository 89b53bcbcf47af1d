/**
 * The native protocol of our own web client, on the `/ws` endpoint (same STOMP, same token auth).
 *
 * - SUBSCRIBE `/topic/rooms/{roomId}/events` [header `from-seq: N`, default 1]: first every stored
 *   event with seq ≥ N, then every new one, each MESSAGE one engine event (redacted for this user
 *   with `redactFor`: other people's ballots carry no choice). Replay and going live happen inside
 *   the room's command queue, so nothing is missed or sent twice; a client that reconnects
 *   subscribes again with `from-seq` = its last seq + 1.
 * - SUBSCRIBE `/user/queue/replies`: the answers to this connection's commands.
 * - SEND `/app/rooms/{roomId}/{command}` with an optional `receipt`: `join` {side: PRO|CON},
 *   `leave`, `speak` {text}, `observe`, `unobserve`, `observer-chat` {text}, `vote` {choice:
 *   PRO|CON|NO_POSITION}. Each is answered on `/user/queue/replies` with
 *   `{ roomId, command, ok: true }` or `{ roomId, command, ok: false, code, message }` (the engine's
 *   stable rejection code and Korean message). Seats and observing are bound to this connection
 *   like on the legacy endpoints (DISCONNECT = leave, a dropped socket = disconnect with grace).
 */
import { isTerminal, redactFor, rejection, type RoomEvent } from '@toron/engine';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { PubSub } from '../../realtime/pubsub.js';
import type { Session, Subscription, SubscribeRefusal } from '../../stomp/hooks.js';
import type { RoomDirectory } from '../directory.js';
import { loadEvents } from '../event-store.js';
import { rawEventsTopic } from '../topics.js';
import { CHAT_TOO_FAST, type ChatGate } from './chat-limit.js';
import type { LivePrincipal } from './principal.js';
import type { RoomPresence } from './room-presence.js';

export const REPLIES = '/user/queue/replies';
const STREAM = /^\/topic\/rooms\/([0-9a-fA-F-]{36})\/events$/;
const COMMAND = /^\/app\/rooms\/([0-9a-fA-F-]{36})\/([a-z-]+)$/;
const fromSeq = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).catch(1);
const bodies = {
  join: z.object({ side: z.enum(['PRO', 'CON']) }),
  speak: z.object({ text: z.string().max(2000) }),
  'observer-chat': z.object({ text: z.string().max(2000) }),
  vote: z.object({ choice: z.enum(['PRO', 'CON', 'NO_POSITION']) }),
} as const;

type NativeSession = Session<LivePrincipal, unknown>;
/** A refused command: a stable code and a Korean message. */
type Refusal = { readonly code: string; readonly message: string };

export interface NativeContext {
  readonly db: Db;
  readonly pubsub: PubSub;
  readonly directory: RoomDirectory;
  readonly rooms: RoomPresence;
  readonly chatAllowed: ChatGate;
}

/** Handlers of the native endpoint. */
export function nativeChannel(ctx: NativeContext) {
  /** Replays from `from-seq`, then goes live; redacted per reader; gap-free and duplicate-free by seq. */
  async function stream(session: NativeSession, sub: Subscription, roomId: string): Promise<void | SubscribeRefusal> {
    const state = ctx.directory.stateOf(roomId);
    if (!state || state.phase === 'unopened')
      return { refuse: true, body: { roomId, ok: false, ...rejection('ROOM_NOT_OPENED') } };
    const viewer = { userId: session.principal.id };
    let next = fromSeq.parse(sub.headers['from-seq']);
    const deliver = (event: RoomEvent) => {
      if (event.seq < next) return; // already sent (replay and live overlap)
      next = event.seq + 1;
      session.send(sub.id, redactFor(event, viewer));
    };
    const start = () => {
      for (const event of loadEvents(ctx.db, roomId, next)) deliver(event);
      if (isTerminal(ctx.directory.stateOf(roomId) ?? state)) return;
      const off = ctx.pubsub.subscribe(rawEventsTopic(roomId), (m) => {
        for (const event of m.payload as RoomEvent[]) deliver(event);
      });
      sub.onEnd(off);
    };
    const live = ctx.directory.live(roomId);
    if (live) await live.exclusive(start);
    else start();
  }

  async function command(session: NativeSession, roomId: string, name: string, body: unknown): Promise<Refusal | null> {
    const actor = session.principal.actor;
    const parsed = name in bodies ? bodies[name as keyof typeof bodies].safeParse(body ?? {}) : null;
    if (parsed && !parsed.success) return { code: 'INVALID_SETTINGS', message: '요청 형식이 올바르지 않습니다.' };
    const data = (parsed?.data ?? {}) as Record<string, string>;
    const run = async (cmd: Parameters<RoomDirectory['dispatch']>[1]) =>
      (await ctx.directory.dispatch(roomId, cmd)).rejection ?? null;
    const chat = async (cmd: Parameters<RoomDirectory['dispatch']>[1]) =>
      (await ctx.chatAllowed(actor.userId, roomId)) ? run(cmd) : CHAT_TOO_FAST;
    switch (name) {
      case 'join':
        return ctx.rooms.joinDebater(session, roomId, data.side as 'PRO' | 'CON');
      case 'leave':
        return ctx.rooms.release(session, { roomId, role: 'debater', userId: actor.userId }, true);
      case 'observe':
        return ctx.rooms.joinObserver(session, roomId);
      case 'unobserve':
        return ctx.rooms.release(session, { roomId, role: 'observer', userId: actor.userId }, true);
      case 'speak':
        return chat({ type: 'speak', actor, text: data.text ?? '' });
      case 'observer-chat':
        return chat({ type: 'observerChat', actor, text: data.text ?? '' });
      case 'vote':
        return run({ type: 'vote', actor, choice: data.choice as 'PRO' | 'CON' | 'NO_POSITION' });
      default:
        return { code: 'UNKNOWN_COMMAND', message: '알 수 없는 요청입니다.' };
    }
  }

  return {
    async subscribe(session: NativeSession, sub: Subscription): Promise<void | SubscribeRefusal> {
      if (sub.destination === REPLIES) return;
      const roomId = STREAM.exec(sub.destination)?.[1];
      if (!roomId)
        return {
          refuse: true,
          body: { ok: false, code: 'UNKNOWN_DESTINATION', message: '알 수 없는 구독 대상입니다.' },
        };
      return stream(session, sub, roomId.toLowerCase());
    },

    async send(session: NativeSession, destination: string, body: unknown): Promise<void> {
      const match = COMMAND.exec(destination);
      const roomId = match?.[1]?.toLowerCase() ?? '';
      const name = match?.[2] ?? '';
      const refused = match
        ? await command(session, roomId, name, body)
        : { code: 'UNKNOWN_DESTINATION', message: '알 수 없는 요청입니다.' };
      session.sendToDestination(
        REPLIES,
        refused
          ? { roomId, command: name, ok: false, code: refused.code, message: refused.message }
          : { roomId, command: name, ok: true },
      );
    },
  };
}
