import { isTerminal, joinedText, rejection, type Actor, type Rejection, type Side } from '@toron/engine';
import type { Logger } from 'pino';
import type { CommittedBatch } from '../actor.js';
import type { RoomDirectory } from '../directory.js';
import type { RoomPublisher } from '../room-publisher.js';
import { ObserverDepartures } from './observer-departures.js';
import type { PresenceEntry, PresenceRole } from './presence.js';
import type { PresenceStore } from './presence-store.js';

/** Taking a seat or starting to observe more often than RATE_LIMIT_PRESENCE allows (per user per room). */
const PRESENCE_TOO_FAST = {
  code: 'PRESENCE_RATE_LIMITED',
  message: '입장과 퇴장을 너무 자주 반복하고 있어요. 잠시 후 다시 시도해 주세요.',
} as const;

/** Why presence refused: the engine's rejection, or the rate limit. */
export type PresenceRefusal = Rejection | typeof PRESENCE_TOO_FAST;

/** Counts one arrival of `userId` in `roomId` (a seat taken or observing started); false over the limit. */
type PresenceGate = (userId: number, roomId: string) => Promise<boolean>;

export interface PresenceOptions {
  /** Who is where: this process's sessions, or every node's (Redis). */
  readonly store: PresenceStore;
  readonly allowed: PresenceGate;
  /** How long an observer who left is still counted, so coming back in time records nothing. */
  readonly observerLeaveDelayMs: number;
}

/** A connection as presence sees it. */
export interface Connection {
  readonly id: string;
  readonly closed: boolean;
  readonly principal: { readonly id: number; readonly actor: Actor };
}

/**
 * Turns connections into room commands: taking a seat or starting to observe binds the user to
 * that connection; the user's last connection leaving is a leave (explicit DISCONNECT or
 * unsubscribe) or a disconnect with grace (the socket died). During shutdown nothing is
 * recorded, so a restart resumes rooms exactly as they were. A room that ends is forgotten at once
 * (a connection may stay open through many rooms). Arrivals are rate limited per user per room, and
 * an observer's departure waits (ObserverDepartures), so churn costs the room's log nothing.
 * With a shared store a user's sessions on every node count together: only the first anywhere
 * arriving and the last anywhere leaving reach the room.
 */
export class RoomPresence {
  private readonly presence: PresenceStore;
  private stopping = false;
  private readonly departures: ObserverDepartures;

  constructor(
    private readonly directory: RoomDirectory,
    private readonly publisher: RoomPublisher,
    private readonly logger: Logger,
    private readonly options: PresenceOptions,
  ) {
    this.presence = options.store;
    this.departures = new ObserverDepartures(options.observerLeaveDelayMs);
  }

  /** A room that has ended is forgotten (a directory listener). */
  readonly committed = ({ roomId, state }: CommittedBatch): void => {
    if (!isTerminal(state)) return;
    this.departures.forgetRoom(roomId);
    this.presence
      .forgetRoom(roomId)
      .catch((err: unknown) => this.logger.warn({ err, roomId }, 'presence of an ended room not forgotten'));
  };

  /** Takes (or takes back) a debater seat; null when seated, else the refusal. */
  async joinDebater(conn: Connection, roomId: string, side: Side): Promise<PresenceRefusal | null> {
    const { actor } = conn.principal;
    const entry: PresenceEntry = { roomId, role: 'debater', userId: actor.userId };
    if (!(await this.presence.has(entry)) && !(await this.options.allowed(actor.userId, roomId)))
      return PRESENCE_TOO_FAST;
    const { rejection: refused } = await this.directory.dispatch(roomId, { type: 'joinAsDebater', actor, side });
    if (refused && refused.code !== 'ALREADY_SEATED') return refused;
    await this.presence.add(entry, conn.id);
    // Another live connection already holds the seat: a rejoin, announced like a join (the client reloads on it).
    if (refused)
      await this.publisher.publishLegacy(roomId, {
        event: 'user_joined',
        roomId,
        userName: actor.nickname,
        message: joinedText(actor.nickname),
      });
    if (conn.closed) await this.release(conn, entry, false);
    return null;
  }

  /** Starts observing (counted as a viewer once per user); null when observing, else the refusal. */
  async joinObserver(conn: Connection, roomId: string): Promise<PresenceRefusal | null> {
    const { actor } = conn.principal;
    const entry: PresenceEntry = { roomId, role: 'observer', userId: actor.userId };
    // Back before the departure was recorded: the room still counts them, nothing to record.
    if (!(await this.presence.has(entry)) && !this.departures.cancel(entry)) {
      if (!(await this.options.allowed(actor.userId, roomId))) return PRESENCE_TOO_FAST;
      const { rejection: refused } = await this.directory.dispatch(roomId, { type: 'joinAsObserver', actor });
      if (refused && refused.code !== 'ALREADY_OBSERVING') return refused;
    }
    await this.presence.add(entry, conn.id);
    if (conn.closed) await this.release(conn, entry, true);
    return null;
  }

  /** The connection stops being a debater or observer of the room (unsubscribe, leave). */
  async release(conn: Connection, entry: PresenceEntry, graceful: boolean): Promise<Rejection | null> {
    if (!(await this.presence.remove(entry, conn.id))) {
      if (await this.presence.has(entry)) return null;
      return rejection(
        (await this.ended(entry.roomId))
          ? 'ROOM_CLOSED'
          : entry.role === 'debater'
            ? 'NOT_A_DEBATER'
            : 'NOT_AN_OBSERVER',
      );
    }
    return this.lastGone(conn.principal.actor, entry, graceful);
  }

  /** A connection closed: every room it was the user's last connection to hears about it. */
  async closed(conn: Connection, graceful: boolean): Promise<void> {
    let last: PresenceEntry[];
    try {
      last = await this.presence.drop(conn.id);
    } catch (err) {
      this.logger.error({ err }, 'presence of a closed connection not dropped');
      return;
    }
    for (const entry of last) {
      this.lastGone(conn.principal.actor, entry, graceful).catch((err: unknown) =>
        this.logger.error({ err, roomId: entry.roomId }, 'presence update failed'),
      );
    }
  }

  /** Whether some connection (on any node sharing the store) carries the user in the room in this role. */
  has(roomId: string, role: PresenceRole, userId: number): Promise<boolean> {
    return this.presence.has({ roomId, role, userId });
  }

  /** From now on, closing connections records nothing (server shutdown). */
  stop(): void {
    this.stopping = true;
    this.departures.clear();
  }

  private async ended(roomId: string): Promise<boolean> {
    const state = await this.directory.stateOf(roomId);
    return state !== undefined && isTerminal(state);
  }

  private async lastGone(actor: Actor, entry: PresenceEntry, graceful: boolean): Promise<Rejection | null> {
    if (this.stopping) return null;
    if (entry.role === 'observer') {
      this.departures.schedule(entry, () => {
        if (this.stopping) return;
        this.presence
          .has(entry)
          .then(async (back) => {
            if (!back && !this.stopping)
              await this.directory.dispatch(entry.roomId, { type: 'leaveAsObserver', actor });
          })
          .catch((err: unknown) => this.logger.error({ err, roomId: entry.roomId }, 'observer departure failed'));
      });
      return null;
    }
    const { rejection: refused } = await this.directory.dispatch(entry.roomId, {
      type: graceful ? 'leave' : 'disconnect',
      actor,
    });
    return refused ?? null;
  }
}
