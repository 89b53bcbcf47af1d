import {
  execute,
  isOpen,
  isTerminal,
  nextDeadline,
  replay,
  type Command,
  type Execution,
  type RoomEvent,
  type RoomState,
} from '@toron/engine';
import type { Storage } from '../db/storage.js';
import { project, type RoomNotice } from './projector.js';
import { ConcurrentAppendError } from './store.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A command before the actor stamps it with the server time. */
export type RoomCommand = DistributiveOmit<Command, 'now'>;

/** One committed batch of a room's events, as the room's listeners hear it once its transaction is done. */
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
  /** After each commit, inside the room's queue: publishing, lists, endings. Never throws back. */
  readonly committed: (batch: CommittedBatch) => void;
  readonly onError: (error: unknown, roomId: string) => void;
}

/**
 * One live room: commands run one at a time (a promise queue), each through the engine's
 * `execute` with the server time; its events and projections are committed in one database
 * transaction, then published. One timer fires the room's next deadline as a tick.
 */
export class RoomActor {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly roomId: string,
    private current: RoomState,
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

  /** Executes a command now: due timed events first, then the command; resolves with what happened. */
  dispatch(command: RoomCommand): Promise<Execution> {
    return this.exclusive(() => this.run(command));
  }

  /** Executes and commits one command; on a concurrent append, reloads the log and decides once more. */
  private async run(command: RoomCommand, retried = false): Promise<Execution> {
    const execution = execute(this.current, { ...command, now: this.ctx.now() });
    if (execution.events.length === 0) return execution;
    try {
      await this.commit(execution);
    } catch (error) {
      if (!(error instanceof ConcurrentAppendError) || retried) throw error;
      // Someone else wrote this room: catch up from the log and decide again.
      this.current = replay(await this.ctx.storage.roomEvents.load(this.roomId));
      return this.run(command, true);
    }
    return execution;
  }

  private async commit({ events, state: after }: Execution): Promise<void> {
    const before = this.current;
    if (!isOpen(after)) throw new Error(`room ${this.roomId} is not open after its own events`);
    const notices = await this.ctx.storage.transaction(async (tx) => {
      await tx.roomEvents.append(this.roomId, events);
      return project(tx, before, events, after);
    });
    this.current = after;
    this.arm();
    this.ctx.committed({ roomId: this.roomId, events, state: after, notices });
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

  /** Stops the timer for good (server shutdown). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Resolves once every command queued so far has finished. */
  async idle(): Promise<void> {
    await this.queue;
  }
}
