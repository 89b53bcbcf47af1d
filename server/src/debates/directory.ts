import {
  INITIAL_ROOM_STATE,
  isTerminal,
  rejection,
  replay,
  shiftableDeadlines,
  type Execution,
  type Rejection,
  type RoomState,
} from '@toron/engine';
import type { Logger } from 'pino';
import { OwnershipLost, type Claim } from '../cluster/heads.js';
import type { Storage, Stores } from '../db/storage.js';
import { RoomActor, type CommittedBatch, type RoomCommand } from './actor.js';
import { KnownStates } from './known-states.js';
import type { Counted, RoomLimits } from './room-limits.js';

export interface DirectoryContext {
  readonly storage: Storage;
  readonly logger: Logger;
  readonly now: () => number;
  /** This node's id: the owner named in the heads of the rooms it runs. */
  readonly nodeId: string;
  /** The per-user-per-room limits, counted by the node that runs the room. */
  readonly limits: RoomLimits;
}

/** What a command came to, wherever it ran: its refusal, if refused. */
export interface Dispatched {
  readonly rejection?: Rejection;
  /** Not applied: its sender was over this room limit. */
  readonly overLimit?: Counted['limit'];
}

/**
 * Runs a command on the node that runs the room, once `counted` is within its limit there; null
 * when no node runs it (see cluster/forwarding).
 */
export type ForwardCommand = (roomId: string, command: RoomCommand, counted?: Counted) => Promise<Dispatched | null>;

/** Hears committed batches (see `onCommitted`). */
export type CommitListener = (batch: CommittedBatch) => void;

/**
 * Writes what another feature keeps of a batch inside the batch's transaction (see `writeWith`);
 * resolves with what to do once it has committed, if anything.
 */
export type CommitWriter = (tx: Stores, batch: CommittedBatch) => Promise<(() => void) | undefined>;

const ENDED_CACHE = 256;

/**
 * Every room of this server: one actor per live room this node owns, ended rooms read back from
 * their logs (a small cache keeps recent ones). Commands for a room go through `dispatch`; what a
 * committed batch means (frames for subscribers, a room's end, the room lists) is for its
 * listeners. A room this node opens is its own (epoch 1); others come by a claim (`adopt`), and
 * go when another node takes them (`drop`, or the append that finds the fence moved).
 */
export class RoomDirectory {
  private readonly actors = new Map<string, RoomActor>();
  private readonly ended = new Map<string, RoomState>();
  private readonly listeners: CommitListener[] = [];
  private readonly writers: CommitWriter[] = [];
  private forward: ForwardCommand | null = null;
  /** The last room ending of this node's queue (see ActorContext.ending). */
  private endings: Promise<unknown> = Promise.resolve();
  /** Rooms other nodes run, as this node knows them (followed, or read lately). */
  readonly elsewhere: KnownStates;

  constructor(private readonly ctx: DirectoryContext) {
    this.elsewhere = new KnownStates(ctx.storage.roomEvents);
  }

  /** Opens a new room (the openRoom command decides whether its settings are valid). */
  async open(command: Extract<RoomCommand, { type: 'openRoom' }>): Promise<Execution> {
    const actor = this.actorFor(command.roomId, INITIAL_ROOM_STATE, 1);
    const execution = await actor.dispatch(command);
    if (execution.rejection) this.actors.delete(command.roomId);
    return execution;
  }

  /**
   * Runs a command in a room, here or forwarded to the node that runs it; an ended room refuses
   * with ROOM_CLOSED, an unknown one with ROOM_NOT_OPENED. A room this node lost while the command
   * waited (OwnershipLost: nothing applied) sends it on to the room's new owner when forwarding is
   * on; without forwarding it rejects with OwnershipLost. With `counted`, the command runs only
   * while its sender is within that room limit, counted where the room runs (see room-limits).
   */
  async dispatch(roomId: string, command: RoomCommand, counted?: Counted): Promise<Dispatched> {
    const running = this.runHere(roomId, command, counted);
    if (running) {
      try {
        return await running;
      } catch (err) {
        if (!(err instanceof OwnershipLost) || !this.forward) throw err;
      }
    }
    const forwarded = await this.forward?.(roomId, command, counted);
    if (forwarded) return forwarded;
    // A room no node runs is counted here, so a sender over the limit hears that before the room's end.
    if (counted && !(await this.ctx.limits(counted, roomId))) return { overLimit: counted.limit };
    const ended = await this.stateOf(roomId);
    return { rejection: rejection(ended ? 'ROOM_CLOSED' : 'ROOM_NOT_OPENED') };
  }

  /**
   * Runs a command in a room this node runs, once `counted` is within its limit (this node counts
   * the limits of its rooms, whichever node the command came through); undefined when the room
   * does not run here.
   */
  runHere(roomId: string, command: RoomCommand, counted?: Counted): Promise<Dispatched> | undefined {
    const actor = this.actors.get(roomId);
    if (!actor) return undefined;
    if (!counted) return actor.dispatch(command);
    const run = (within: boolean): Promise<Dispatched> | Dispatched =>
      within ? actor.dispatch(command) : { overLimit: counted.limit };
    return this.ctx.limits(counted, roomId).then(run);
  }

  /** On several nodes: commands for rooms that run elsewhere go through `forward`. */
  forwardWith(forward: ForwardCommand): void {
    this.forward = forward;
  }

  /** The live actor of a room, if it is live on this server. */
  live(roomId: string): RoomActor | undefined {
    return this.actors.get(roomId);
  }

  /**
   * A room's current state, or undefined when unknown: live here, recently ended, followed from
   * another node (all three without a database read), else as logged (see KnownStates: the tail
   * after a state kept from an earlier read, the whole log only the first time).
   */
  async stateOf(roomId: string): Promise<RoomState | undefined> {
    const known = this.known(roomId) ?? this.elsewhere.followedState(roomId);
    if (known) return known;
    if (!this.elsewhere.holds(roomId) && !(await this.ctx.storage.rooms.find(roomId))) return undefined;
    const state = await this.elsewhere.current(roomId);
    // The room may have opened or ended while its log was read: what is in memory now wins.
    const now = this.known(roomId);
    if (now) return now;
    if (isTerminal(state)) this.remember(roomId, state);
    return state;
  }

  /** A room's state when it is live or recently ended (no database read). */
  private known(roomId: string): RoomState | undefined {
    return this.actors.get(roomId)?.state ?? this.ended.get(roomId);
  }

  /** Ids of the live rooms this node runs. */
  ownedIds(): string[] {
    return [...this.actors.keys()];
  }

  /** States of every live room. */
  liveStates(): RoomState[] {
    return [...this.actors.values()].map((a) => a.state).filter((s) => s.phase !== 'unopened');
  }

  /**
   * Hears every committed batch of every room, inside that room's command queue (so nothing the
   * room does later comes first), listeners in the order they were added; returns the removal.
   */
  onCommitted(listener: CommitListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /**
   * Runs `writer` in every batch's transaction, after its events and projections, so what it
   * writes commits with the batch or not at all: nothing derives it again from the log later (a
   * replay, a claim or a restart projects nothing twice). What it returns runs after the batch's
   * commit listeners. A writer that throws rolls the batch back. A batch of chat or ballots alone
   * writes no projection and brings no notice, so it has no transaction and no writer runs for it.
   */
  writeWith(writer: CommitWriter): void {
    this.writers.push(writer);
  }

  /** An ended room leaves the live set: its timer stops and its final state joins the recently ended. */
  retire(roomId: string, state: RoomState): void {
    this.actors.get(roomId)?.stop();
    this.actors.delete(roomId);
    this.remember(roomId, state);
  }

  /**
   * The only node's start: takes every live room (a restart is a failover to itself) and adopts
   * each as if it had been down since `aliveAt`, the last time the server was known alive.
   */
  async restore(aliveAt: number | null): Promise<number> {
    const claims = await this.ctx.storage.roomHeads.claimAll(this.ctx.nodeId);
    for (const claim of claims) await this.adopt(claim, aliveAt);
    return claims.length;
  }

  /**
   * Runs a room this node has just claimed: rebuilds it from its log under the claim's epoch and
   * arms its timer (an overdue deadline fires at once, the one time). A room with a pending
   * deadline first records a DeadlinesShifted by the downtime: now − the later of `since` (when
   * the room stopped running, null = unknown: no shift) and the room's own last event. The room's
   * own clock matters after a crash during a restore: a room already shifted then is not shifted
   * for the same downtime again.
   */
  async adopt(claim: Claim, since: number | null): Promise<void> {
    const state = replay(await this.ctx.storage.roomEvents.load(claim.roomId));
    this.actors.get(claim.roomId)?.disown();
    const actor = this.actorFor(claim.roomId, state, claim.epoch);
    const from = since === null ? null : Math.max(since, state.lastAt);
    const downtime = from === null ? 0 : Math.round(this.ctx.now() - from);
    if (downtime > 0 && shiftableDeadlines(state).length > 0)
      await actor.dispatch({ type: 'shiftDeadlines', byMs: downtime });
    actor.arm();
  }

  /**
   * Another node owns the room now, under `epoch`: the actor here, if its own epoch is older, stops
   * and refuses whatever was still queued.
   */
  drop(roomId: string, epoch: number): void {
    const actor = this.actors.get(roomId);
    if (!actor || actor.fence.epoch >= epoch) return;
    actor.disown();
    this.actors.delete(roomId);
  }

  /** Stops every timer and waits for the commands already running (shutdown, before the database closes). */
  async stop(): Promise<void> {
    const actors = [...this.actors.values()];
    for (const actor of actors) actor.stop();
    await Promise.all(actors.map((actor) => actor.idle()));
  }

  private actorFor(roomId: string, state: RoomState, epoch: number): RoomActor {
    const actor = new RoomActor(
      roomId,
      state,
      { nodeId: this.ctx.nodeId, epoch },
      {
        storage: this.ctx.storage,
        now: this.ctx.now,
        write: (tx, batch) => this.write(tx, batch),
        committed: (batch) => this.committed(batch),
        ending: (commit) => {
          // On one connection the transactions queue anyway, and an ending may share its commit.
          if (this.ctx.storage.serialTransactions) return commit();
          const run = this.endings.then(commit);
          this.endings = run.catch(() => undefined);
          return run;
        },
        onError: (error, id) => {
          if (error instanceof OwnershipLost) this.ctx.logger.info({ roomId: id }, 'room taken over by another node');
          else this.ctx.logger.error({ err: error, roomId: id }, 'room timer failed');
        },
        lost: (lost) => {
          if (this.actors.get(roomId) === lost) this.actors.delete(roomId);
        },
      },
    );
    this.actors.set(roomId, actor);
    return actor;
  }

  private async write(tx: Stores, batch: CommittedBatch): Promise<() => void> {
    const after: (() => void)[] = [];
    for (const writer of this.writers) {
      const then = await writer(tx, batch);
      if (then) after.push(then);
    }
    return () => {
      for (const then of after) {
        try {
          then();
        } catch (err) {
          this.ctx.logger.error({ err, roomId: batch.roomId }, 'after-commit step failed');
        }
      }
    };
  }

  private committed(batch: CommittedBatch): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(batch);
      } catch (err) {
        this.ctx.logger.error({ err, roomId: batch.roomId }, 'commit listener failed');
      }
    }
  }

  private remember(roomId: string, state: RoomState): void {
    this.ended.delete(roomId);
    this.ended.set(roomId, state);
    if (this.ended.size > ENDED_CACHE) this.ended.delete(this.ended.keys().next().value as string);
  }
}
