/**
 * The legacy room endpoints (docs/wire-contract.md#endpoints), for a client written for that contract:
 * `/debate/{roomId}` (SUBSCRIBE `/topic/debate/{roomId}` = join as the CONNECT `position`
 * requests, without one on the seat the user already holds (a creator who reloaded lost their
 * stance), `observer` or no seat = inert; a debater (re)subscribing past waiting is sent, to this
 * subscription only, what resumes the current screen; SEND `/app/debate/{roomId}` = speak;
 * UNSUBSCRIBE or DISCONNECT = leave; a dropped socket = disconnect with grace) and `/observer/{roomId}`
 * (SUBSCRIBE `/topic/observer/{roomId}` = observe; SEND `/app/observer/{roomId}` = observer chat).
 */
import {
  debateChatDestination,
  debateTopic,
  legacyChatSchema,
  legacyRejection,
  legacyResumption,
  observerChatDestination,
  observerTopic,
  type Side,
} from '@toron/engine';
import type { Logger } from 'pino';
import type { Session, Subscription, SubscribeRefusal } from '../../stomp/hooks.js';
import type { RoomCommand } from '../actor.js';
import type { RoomDirectory } from '../directory.js';
import type { RoomPublisher } from '../room-publisher.js';
import type { LivePrincipal } from './principal.js';
import type { RoomFeeds } from './room-feeds.js';
import type { RoomPresence } from './room-presence.js';

type LegacySession = Session<LivePrincipal, { readonly params: Readonly<Record<string, string>> }>;

const REFUSE: SubscribeRefusal = { refuse: true };

export interface LegacyContext {
  readonly feeds: RoomFeeds;
  readonly publisher: RoomPublisher;
  readonly directory: RoomDirectory;
  readonly rooms: RoomPresence;
  readonly logger: Logger;
}

/** Handlers of the two legacy room endpoints. */
export function legacyChannels(ctx: LegacyContext) {
  const roomOf = (session: LegacySession): string => session.endpoint.params.roomId ?? '';
  /** The side a session debates on: its `position`, or with none the seat its user holds; null = inert. */
  const sideOf = async (session: LegacySession, roomId: string): Promise<Side | null> => {
    const requested = session.connectHeaders.position?.trim().toLowerCase() ?? '';
    if (requested === 'pro' || requested === 'con') return requested === 'pro' ? 'PRO' : 'CON';
    if (requested !== '') return null;
    const seats = (await ctx.directory.stateOf(roomId))?.seats;
    const holds = (side: Side) => seats?.[side].some((seat) => seat.userId === session.principal.id) ?? false;
    return holds('PRO') ? 'PRO' : holds('CON') ? 'CON' : null;
  };
  /**
   * What resumes the room's current screen, to this subscription only: after the room's pending
   * commands where the room runs here; on another node, as the log stands now.
   */
  const resume = async (session: LegacySession, sub: Subscription, roomId: string): Promise<void> => {
    const send = async () => {
      const state = await ctx.directory.stateOf(roomId);
      for (const body of state ? legacyResumption(state) : []) session.send(sub.id, body);
    };
    const live = ctx.directory.live(roomId);
    await (live ? live.exclusive(send) : send());
  };
  /**
   * A chat line under the chat limit (counted where the room runs); over it, or refused, it is
   * dropped without an answer (this protocol has no replies).
   */
  const chat = async (session: LegacySession, roomId: string, command: RoomCommand): Promise<void> => {
    const userId = session.principal.id;
    const { rejection, overLimit } = await ctx.directory.dispatch(roomId, command, { limit: 'chat', userId });
    if (overLimit) ctx.logger.debug({ roomId, userId }, 'chat over the rate limit dropped');
    else if (rejection) ctx.logger.debug({ roomId, userId, code: rejection.code }, 'chat refused');
  };
  const text = (body: unknown): string | null => {
    const parsed = legacyChatSchema.safeParse(body);
    return parsed.success ? parsed.data.message : null;
  };

  return {
    /** Debate topic: bind first, then join, so the joiner's own `user_joined` reaches it. */
    async subscribeDebate(session: LegacySession, sub: Subscription): Promise<void | SubscribeRefusal> {
      const roomId = roomOf(session);
      if (sub.destination !== debateTopic(roomId)) return REFUSE;
      await ctx.feeds.bindLegacy(session, sub, roomId, 'debate');
      const side = await sideOf(session, roomId);
      if (!side) return;
      // Read after binding: whatever a waiting room says from now on reaches this subscription live.
      const wasWaiting = (await ctx.directory.stateOf(roomId))?.phase === 'waiting';
      const refused = await ctx.rooms.joinDebater(session, roomId, side);
      if (refused)
        await ctx.publisher.publishLegacy(roomId, legacyRejection(roomId, session.principal.actor.nickname, refused));
      else if (!wasWaiting) await resume(session, sub, roomId);
    },

    async sendDebate(session: LegacySession, destination: string, body: unknown): Promise<void> {
      const roomId = roomOf(session);
      const message = text(body);
      if (destination !== debateChatDestination(roomId) || message === null) return;
      await chat(session, roomId, { type: 'speak', actor: session.principal.actor, text: message });
    },

    async unsubscribeDebate(session: LegacySession, sub: Subscription): Promise<void> {
      const roomId = roomOf(session);
      // Releases nothing unless this connection holds the user's seat (an inert session holds none).
      if (sub.destination === debateTopic(roomId))
        await ctx.rooms.release(session, { roomId, role: 'debater', userId: session.principal.id }, true);
    },

    /** Observer topic: bind, then count the user as a viewer. */
    async subscribeObserver(session: LegacySession, sub: Subscription): Promise<void | SubscribeRefusal> {
      const roomId = roomOf(session);
      if (sub.destination !== observerTopic(roomId)) return REFUSE;
      await ctx.feeds.bindLegacy(session, sub, roomId, 'observer');
      await ctx.rooms.joinObserver(session, roomId);
    },

    async sendObserver(session: LegacySession, destination: string, body: unknown): Promise<void> {
      const roomId = roomOf(session);
      const message = text(body);
      if (destination !== observerChatDestination(roomId) || message === null) return;
      await chat(session, roomId, { type: 'observerChat', actor: session.principal.actor, text: message });
    },

    async unsubscribeObserver(session: LegacySession, sub: Subscription): Promise<void> {
      const roomId = roomOf(session);
      if (sub.destination === observerTopic(roomId))
        await ctx.rooms.release(session, { roomId, role: 'observer', userId: session.principal.id }, true);
    },
  };
}
