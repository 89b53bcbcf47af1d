/**
 * Commands for rooms another node runs: the command is sent to the owner named in the room heads
 * and answered from there; a node never starts a room that another owns. At most once:
 *
 * - the owner answers "moved" when it no longer runs the room: nothing was applied, so the command
 *   goes once more to the room's new owner;
 * - no answer within 2 s: the owner may be dead or stalled, and the command may have been applied.
 *   The asker waits for another node to take the room over (a dead owner's lease must lapse
 *   first) and sends it there once more when the room's log cannot have grown since the command
 *   was sent: the log as the takeover found it (its ownership notice says) is where it stood when
 *   the command left, by the latest sequence number this node knew then. The fence makes that
 *   sure: once taken over, the old owner can append nothing, so had it applied the command the
 *   takeover would have found a longer log. Otherwise the command is refused with
 *   ROOM_UNAVAILABLE, and the client learns from the room's stream what happened. An owner that
 *   gets a command after its asker stopped waiting (a stalled owner resuming) drops it unapplied
 *   (node clocks are kept in step by NTP).
 *
 * A chat line or stance change travels with what to count: the owner counts it under the room's
 * limits before running it, and answers "over-limit" (not applied) when its sender is over.
 *
 * The owner named is the one that last answered for the room (kept current by ownership notices,
 * see known-owners); the heads are read for a room not known here, and again when that guess
 * answers "moved".
 */
import { randomUUID } from 'node:crypto';
import { rejection } from '@toron/engine';
import type { Logger } from 'pino';
import type { PubSub, Unsubscribe } from '../../realtime/pubsub.js';
import type { RoomCommand } from '../../debates/actor.js';
import type { Dispatched, RoomDirectory } from '../../debates/directory.js';
import type { Counted } from '../../debates/room-limits.js';
import { hasEnded, type RoomStore } from '../../debates/store.js';
import type { OwnerChange, RoomOwners } from '../room-owners.js';
import { KnownOwners } from './known-owners.js';
import {
  parseReply,
  parseRequest,
  replyChannel,
  rpcChannel,
  type ForwardReply,
  type ForwardRequest,
} from './messages.js';

/** How long an owner has to answer a forwarded command. */
const ANSWER_WITHIN_MS = 2_000;
/** How long an unanswered command waits for a takeover when the caller does not say (a lease, a beat and slack). */
const TAKEOVER_WITHIN_MS = 7_000;
/** Rooms whose owner a node keeps in mind: far more than one node has live rooms to forward to. */
const KNOWN_OWNERS = 10_000;

type Owner = NonNullable<Awaited<ReturnType<RoomOwners['ownerOf']>>>;

/** A command to forward, with what its owner counts first. */
type Order = Pick<ForwardRequest, 'cmd' | 'counted'>;

/** The rooms this node runs, as the forwarding serves them. */
interface LocalRooms {
  /** Runs a command in a room this node runs (`counted` first); undefined when it runs no such room. */
  run(roomId: string, command: RoomCommand, counted?: Counted): Promise<Dispatched> | undefined;
  /** Whether this node runs the room. */
  runs(roomId: string): boolean;
  /** Whether the room is live (opened, not ended) by the database, whoever runs it. */
  isLive(roomId: string): Promise<boolean>;
  /** The latest sequence number of the room this node has seen (its events followed here); 0 when none. */
  seenSeq(roomId: string): number;
}

export interface Forwarding {
  /** Runs the command on the room's owner, counted there; null when no node runs the room (not live, or unknown). */
  forward(roomId: string, command: RoomCommand, counted?: Counted): Promise<Dispatched | null>;
  stop(): void;
}

const UNAVAILABLE: Dispatched = { rejection: rejection('ROOM_UNAVAILABLE') };

/** The owner's answer to a command it ran. */
function answer(reqId: string, dispatched: Dispatched): ForwardReply {
  return dispatched.overLimit
    ? { reqId, outcome: 'over-limit' }
    : { reqId, outcome: 'done', rejection: dispatched.rejection ?? null };
}

/**
 * The directory's rooms served to the other nodes, and its commands for their rooms forwarded to
 * them; resolves once both channels are heard.
 */
export async function forwardCommands(ctx: {
  readonly directory: RoomDirectory;
  readonly rooms: Pick<RoomStore, 'find'>;
  readonly pubsub: PubSub;
  readonly owners: RoomOwners;
  readonly logger: Logger;
  readonly answerWithinMs?: number;
  /** How long an unanswered command waits for another node to take the room over (lease, beat and slack). */
  readonly takeoverWithinMs?: number;
}): Promise<Forwarding> {
  const { directory, rooms } = ctx;
  const forwarding = await startForwarding({
    ...ctx,
    local: {
      run: (roomId, command, counted) => directory.runHere(roomId, command, counted),
      runs: (roomId) => directory.live(roomId) !== undefined,
      async isLive(roomId) {
        const row = await rooms.find(roomId);
        return row !== undefined && row.phase !== 'unopened' && !hasEnded(row);
      },
      seenSeq: (roomId) => directory.elsewhere.followedState(roomId)?.lastSeq ?? 0,
    },
  });
  directory.forwardWith((roomId, command, counted) => forwarding.forward(roomId, command, counted));
  return forwarding;
}

/** Serves this node's rooms to the others and forwards commands to theirs; resolves once both channels are heard. */
async function startForwarding(ctx: {
  readonly pubsub: PubSub;
  readonly owners: RoomOwners;
  readonly local: LocalRooms;
  readonly logger: Logger;
  readonly answerWithinMs?: number;
  readonly takeoverWithinMs?: number;
}): Promise<Forwarding> {
  const { pubsub, owners, local, logger } = ctx;
  const self = owners.self;
  const waitMs = ctx.answerWithinMs ?? ANSWER_WITHIN_MS;
  const takeoverMs = ctx.takeoverWithinMs ?? TAKEOVER_WITHIN_MS;
  const pending = new Map<string, (reply: ForwardReply | null) => void>();
  const known = new KnownOwners(self, (roomId) => owners.ownerOf(roomId), KNOWN_OWNERS);
  /** Each room's last claim as its notice told it: the epoch and where the log stood when it was taken. */
  const claims = new Map<string, { epoch: number; lastSeq: number }>();
  const heardClaim = ({ roomId, nodeId, epoch, lastSeq }: OwnerChange) => {
    if (nodeId === null || (claims.get(roomId)?.epoch ?? 0) > epoch) return;
    claims.delete(roomId);
    claims.set(roomId, { epoch, lastSeq });
    if (claims.size > KNOWN_OWNERS) claims.delete(claims.keys().next().value!);
  };

  const serve = async (payload: unknown) => {
    const request = parseRequest(payload);
    if (!request) return logger.warn('invalid forwarded command dropped');
    if (Date.now() > request.deadline) return logger.warn({ roomId: request.roomId }, 'late forwarded command dropped');
    let reply: ForwardReply;
    try {
      const running = local.run(request.roomId, request.cmd, request.counted);
      reply = running ? answer(request.reqId, await running) : { reqId: request.reqId, outcome: 'moved' };
    } catch (err) {
      // The room left this node while the command waited (its append found the fence moved): not applied.
      if (local.runs(request.roomId)) logger.error({ err, roomId: request.roomId }, 'forwarded command failed');
      reply = { reqId: request.reqId, outcome: 'moved' };
    }
    await pubsub.publish(replyChannel(request.replyTo), reply).catch((err: unknown) => {
      logger.warn({ err, roomId: request.roomId }, 'answer to a forwarded command lost');
    });
  };
  const stops: Unsubscribe[] = [
    owners.onChanged((change) => {
      known.heard(change);
      heardClaim(change);
    }),
  ];
  stops.push(await pubsub.subscribeReady(rpcChannel(self), (m) => void serve(m.payload)));
  stops.push(
    await pubsub.subscribeReady(replyChannel(self), (m) => {
      const reply = parseReply(m.payload);
      if (reply) pending.get(reply.reqId)?.(reply);
    }),
  );

  /** Sends the command to `owner`; null when it did not answer in time (or could not be asked). */
  const ask = async (owner: Owner, roomId: string, order: Order): Promise<ForwardReply | null> => {
    const reqId = randomUUID();
    const answered = new Promise<ForwardReply | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), waitMs);
      pending.set(reqId, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
    try {
      const deadline = Date.now() + waitMs;
      await pubsub.publish(rpcChannel(owner.nodeId), {
        reqId,
        replyTo: self,
        roomId,
        epoch: owner.epoch,
        deadline,
        ...order,
      });
      return await answered;
    } catch {
      return null; // the bus is away: nothing was sent
    } finally {
      pending.delete(reqId);
    }
  };

  /** The room's owner once it differs from `stale` (a claim after a release or a takeover), within `withinMs`. */
  const nextOwner = async (roomId: string, stale: Owner | null, withinMs: number): Promise<Owner | null> => {
    const moved = (o: Owner | null) => o !== null && (o.nodeId !== stale?.nodeId || o.epoch !== stale.epoch);
    const now = await owners.ownerOf(roomId);
    if (moved(now)) return now;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, withinMs);
      const off = owners.onChanged((change) => {
        if (change.roomId === roomId && change.nodeId !== null) done();
      });
      function done() {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
    const later = await owners.ownerOf(roomId);
    return moved(later) ? later : null;
  };

  /** The outcome of a command its owner answered for; undefined when it was not run there (moved, or no answer). */
  const outcomeOf = (reply: ForwardReply | null, order: Order): Dispatched | undefined => {
    if (reply?.outcome === 'done') return reply.rejection ? { rejection: reply.rejection } : {};
    if (reply?.outcome === 'over-limit' && order.counted) return { overLimit: order.counted.limit };
    return undefined;
  };

  /** What follows a command `owner` did not run: given its answer (null: none) and the log's seq when it was sent. */
  type Otherwise = (reply: ForwardReply | null, sentAtSeq: number) => Promise<Dispatched | null>;
  const refuse: Otherwise = async () => UNAVAILABLE;

  const attempt = async (owner: Owner, roomId: string, order: Order, otherwise: Otherwise) => {
    // Claimed here, not yet running: unavailable for now.
    if (owner.nodeId === self) return local.run(roomId, order.cmd, order.counted) ?? UNAVAILABLE;
    // The log stood at least here when the command left: as the owner was learned, or as followed since.
    const sentAtSeq = Math.max(owner.lastSeq, local.seenSeq(roomId));
    const reply = await ask(owner, roomId, order);
    const outcome = outcomeOf(reply, order);
    if (outcome) known.remember(roomId, owner);
    else known.forget(roomId);
    return outcome ?? otherwise(reply, sentAtSeq);
  };

  /** Whether a takeover after `owner` found the log where it stood when the command left (so it was not applied). */
  const untouched = (roomId: string, owner: Owner, next: Owner, sentAtSeq: number) => {
    if (next.lastSeq === sentAtSeq) return true;
    const claim = claims.get(roomId);
    return claim !== undefined && claim.epoch > owner.epoch && claim.epoch <= next.epoch && claim.lastSeq === sentAtSeq;
  };

  /** Once more to the owner after `owner`, where that is safe; otherwise refused. */
  const toNextOwner =
    (owner: Owner, roomId: string, order: Order): Otherwise =>
    async (reply, sentAtSeq) => {
      // "Moved" names the next owner soon; silence waits for a takeover, which a lapsed lease comes before.
      const next = await nextOwner(roomId, owner, reply === null ? takeoverMs : waitMs);
      if (!next || (reply === null && !untouched(roomId, owner, next, sentAtSeq))) return UNAVAILABLE;
      return attempt(next, roomId, order, refuse);
    };

  /** The command sent to the owner the room heads name; null when no node runs the room. */
  const byHeads = async (roomId: string, order: Order): Promise<Dispatched | null> => {
    const owner = await known.readOwner(roomId);
    if (owner) return attempt(owner, roomId, order, toNextOwner(owner, roomId, order));
    if (!(await local.isLive(roomId))) return null;
    // Live without an owner: released by a node shutting down, and the next claim comes soon.
    const claimed = await nextOwner(roomId, null, waitMs);
    return claimed ? attempt(claimed, roomId, order, refuse) : UNAVAILABLE;
  };

  return {
    forward(roomId, command, counted) {
      const order = { cmd: command, counted };
      const guess = known.get(roomId);
      if (!guess) return byHeads(roomId, order);
      // "Moved": nothing was applied, and the heads say who runs the room now (or that none does).
      return attempt(guess, roomId, order, (reply, sentAtSeq) =>
        reply === null ? toNextOwner(guess, roomId, order)(reply, sentAtSeq) : byHeads(roomId, order),
      );
    },
    stop() {
      for (const stop of stops) stop();
      for (const resolve of pending.values()) resolve(null);
    },
  };
}
