/**
 * One room's events in order on a node that does not own the room. Batches reach it over pub/sub
 * at most once, and around an owner change from two publishers, so the sequencer is what makes a
 * stream gap- and duplicate-free: the event with seq `next` is delivered, older ones are dropped,
 * and a batch beyond `next` first fills the gap from the log (per-room seqs are dense and a batch
 * is published after its commit, so the log holds every missing event). Arrivals and catch-ups run
 * one at a time; a failed fill leaves `next` where it was, for the next arrival or catch-up.
 */

export interface Sequenced {
  readonly seq: number;
}

/** The room's logged events from `fromSeq` on (as many as there are now). */
export type ReadLogFrom<E extends Sequenced> = (fromSeq: number) => Promise<readonly E[]>;

export class RoomSequencer<E extends Sequenced> {
  private next: number;
  private queue: Promise<void> = Promise.resolve();

  /**
   * `firstSeq` is the first seq to deliver (1 for a whole stream, last seen + 1 to resume);
   * `deliver` receives contiguous runs, each seq once, in order.
   */
  constructor(
    firstSeq: number,
    private readonly readLogFrom: ReadLogFrom<E>,
    private readonly deliver: (events: readonly E[]) => void,
  ) {
    this.next = firstSeq;
  }

  /** The seq this node delivers next. */
  get expected(): number {
    return this.next;
  }

  /** A batch as published (contiguous seqs); rejects when a needed fill failed. */
  offer(events: readonly E[]): Promise<void> {
    return this.serial(async () => {
      const last = events.at(-1);
      if (last === undefined || last.seq < this.next) return;
      if (events[0]!.seq > this.next) this.accept(await this.readLogFrom(this.next));
      this.accept(events);
    });
  }

  /** Reads whatever the log holds beyond `next` (after a reconnect, an owner change, a head check). */
  catchUp(): Promise<void> {
    return this.serial(async () => this.accept(await this.readLogFrom(this.next)));
  }

  /** Delivers the run that starts at `next`; what lies beyond a hole waits for a later fill. */
  private accept(events: readonly E[]): void {
    const run: E[] = [];
    for (const event of events) {
      if (event.seq < this.next) continue;
      if (event.seq > this.next) break;
      run.push(event);
      this.next++;
    }
    if (run.length > 0) this.deliver(run);
  }

  private serial(job: () => Promise<void>): Promise<void> {
    const run = this.queue.then(job);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
