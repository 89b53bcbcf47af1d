import {
  execute,
  isOpen,
  isTerminal,
  nextDeadline,
  type Command,
  type Execution,
  type RoomEvent,
  type RoomState,
} from '@toron/engine';
import type { Storage, Stores } from '../db/storage.js';
import { OwnershipLost, type Fence } from '../cluster/heads.js';
import { projection, type RoomNotice } from './projector.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A command before the actor stamps it with the server time. */
export type RoomCommand = DistributiveOmit<Command, 'now'>;

/** One batch of a room's events: what its writers get inside its transaction, its listeners once committed. */
export interface CommittedBatch {
  readonly roomId: string;
  readonly events: readonly RoomEvent[];
  /** The room after the batch. */
  readonly state: RoomState;
  /** What other features hear about (from the projections). */
  readonly notices: readonly RoomNotice[];
}

/** What an actor needs from its surroundings. */
export interface ActorContext {
  readonly storage: Storage;
  readonly now: () => number;
  /**
   * Inside each batch's transaction, after its events and projections: what must commit with the
   * batch or not at all. Resolves with what to do once the transaction has committed (never throws).
   * A batch that writes no projection (chat, ballots) brings no notice and has no transaction.
   */
  readonly write: (tx: Stores, batch: CommittedBatch) => Promise<() => void>;
  /** After each commit, inside the room's queue: publishing, lists, endings. Never throws back. */
  readonly committed: (batch: CommittedBatch) => void;
  readonly onError: (error: unknown, roomId: string) => void;
  /**
   * Runs a room's ending commit after this node's earlier ones where transactions run side by side
   * (a pool of connections). Every ending that has a result rates its debaters, and ratings are
   * written one transaction at a time (docs/ratings.md): side by side, endings would only wait on
   * each other while holding pooled connections that chat and ballots of every other room need.
   */
  readonly ending: <T>(commit: () => Promise<T>) => Promise<T>;
  /** The room's head moved past this actor's fence: another node owns the room now; the actor has stopped. */
  readonly lost: (actor: RoomActor) => void;
}

/** A command waiting for the room's next commit, with its caller's promise. */
interface Waiting {
  readonly command: RoomCommand;
  readonly resolve: (execution: Execution) => void;
  readonly reject: (error: unknown) => void;
}

/** Most commands decided into one transaction (a burst waits for the next one beyond this). */
const GROUP_LIMIT = 64;

/**
 * One live room: commands run one at a time (a promise queue), each through the engine's
 * `execute` with the server time; events and projections are committed in one database
 * transaction under the actor's fence (this node's ownership of the room), then published.
 * Commands that arrive while a commit is on its way are decided one after another and committed
 * together (group commit): a burst of votes or chat costs one commit, not one each, which is what
 * a database server's commit latency needs; a batch that changes no projection is appended
 * without a transaction around it (one statement on PostgreSQL). One timer fires the room's next
 * deadline as a tick. Once the fence fails the actor is done: the room runs on another node, so
 * no command is decided again here.
 */
export class RoomActor {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private lost = false;

  constructor(
    readonly roomId: string,
    private current: RoomState,
    readonly fence: Fence,
    private readonly ctx: ActorContext,
  ) {}

  /** The room's state after the last committed event. */
  get state(): RoomState {
    return this.current;
  }

  /** Runs `task` after every earlier command of this room and before any later one. */
  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Executes a command after every earlier one: due timed events first, then the command;
   * resolves with what happened once its events are committed (or with its refusal).
   */
  dispatch(command: RoomCommand): Promise<Execution> {
    return new Promise((resolve, reject) => {
      // The first command of a group queues the group's turn; later ones join it until it starts.
      if (this.waiting.push({ command, resolve, reject }) === 1) void this.exclusive(() => this.runGroup());
    });
  }

  /** Decides the waiting commands in arrival order and commits their events in one transaction. */
  private async runGroup(): Promise<void> {
    const group = this.waiting.splice(0, GROUP_LIMIT);
    if (this.waiting.length > 0) void this.exclusive(() => this.runGroup());
    try {
      if (this.lost) throw new OwnershipLost(this.roomId);
      const executions: Execution[] = [];
      let state = this.current;
      for (const { command } of group) {
        const execution = execute(state, { ...command, now: this.ctx.now() });
        executions.push(execution);
        state = execution.state;
      }
      const events = executions.flatMap((e) => e.events);
      if (events.length > 0) await this.commit({ events, state });
      group.forEach((waiting, i) => waiting.resolve(executions[i]!));
    } catch (error) {
      if (error instanceof OwnershipLost && !this.lost) {
        this.disown();
        this.ctx.lost(this);
      }
      for (const waiting of group) waiting.reject(error);
    }
  }

  private async commit({ events, state: after }: Pick<Execution, 'events' | 'state'>): Promise<void> {
    const before = this.current;
    if (!isOpen(after)) throw new Error(`room ${this.roomId} is not open after its own events`);
    const projected = projection(before, events, after);
    let batch: CommittedBatch = { roomId: this.roomId, events, state: after, notices: [] };
    let written = () => {};
    if (!projected) {
      // Chat and ballots write no projection and bring no notice: their append alone, atomic by itself.
      await this.ctx.storage.roomEvents.append(this.roomId, events, this.fence);
    } else {
      const transaction = () =>
        this.ctx.storage.transaction(async (tx) => {
          await tx.roomEvents.append(this.roomId, events, this.fence);
          if (isTerminal(after)) await tx.roomHeads.retire(this.roomId);
          const withNotices = { ...batch, notices: await projected.write(tx) };
          const afterCommit = await this.ctx.write(tx, withNotices);
          // Last, after every other feature's writes: the rating holds the ratings until the commit.
          await projected.rate?.(tx);
          return { batch: withNotices, written: afterCommit };
        });
      ({ batch, written } = await (isTerminal(after) ? this.ctx.ending(transaction) : transaction()));
    }
    this.current = after;
    this.arm();
    this.ctx.committed(batch);
    written();
  }

  /** Arms the one timer at the next deadline (or clears it when nothing is timed). */
  arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || isTerminal(this.current)) return;
    const deadline = nextDeadline(this.current);
    if (!deadline) return;
    const delay = Math.max(0, deadline.at - this.ctx.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.dispatch({ type: 'tick' }).then(
        () => this.arm(),
        (error: unknown) => this.ctx.onError(error, this.roomId),
      );
    }, delay);
  }

  /** Stops the timer for good (shutdown, or the room went to another node). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The room runs on another node now: the timer stops and every later command is refused with OwnershipLost. */
  disown(): void {
    this.lost = true;
    this.stop();
  }

  /** Resolves once every command queued so far has finished. */
  async idle(): Promise<void> {
    await this.queue;
  }
}
