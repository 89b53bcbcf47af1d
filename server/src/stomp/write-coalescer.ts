/**
 * Coalesces socket writes per event-loop turn. The first frame a connection is given in a turn
 * registers it here; one callback after the turn's I/O (`setImmediate`) flushes every connection
 * registered meanwhile, so all the frames a connection got in that turn leave in one write instead
 * of one system call each, in the order they were written, as one WebSocket message (see
 * outgoing-frames).
 *
 * A write to a socket costs the kernel tens of microseconds, so a batch that reaches thousands of
 * connections would hold the event loop for a long stretch; the flush therefore works in slices of
 * a few milliseconds and lets other work (incoming frames, timers) run between them. Connections
 * leave in the order they registered; one given more frames meanwhile registers again behind them.
 */

/** A connection holding this turn's frames until `flush`. */
export interface Flushable {
  /** Whether the coalescer holds this connection's writes (set and cleared by the coalescer only). */
  held: boolean;
  flush(): void;
}

/** How long one slice of flushing may hold the event loop. */
const SLICE_MS = 4;
/** Connections flushed between two looks at the clock. */
const CHECK_EVERY = 32;

/**
 * The connections registered, in order: the first `length` slots, flushed up to `next`. The slots
 * are reused from turn to turn, so registering a connection allocates nothing.
 */
const order: (Flushable | null)[] = [];
let length = 0;
let next = 0;
let scheduled = false;

function flushSlice(): void {
  scheduled = false;
  const until = performance.now() + SLICE_MS;
  while (next < length) {
    const connection = order[next++]!;
    connection.held = false;
    connection.flush();
    if (next % CHECK_EVERY === 0 && next < length && performance.now() > until) break;
  }
  if (next < length) return schedule();
  order.fill(null, 0, length);
  length = 0;
  next = 0;
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(flushSlice);
}

/**
 * Holds `connection`'s writes until it is flushed after this event-loop turn (once, however many
 * frames follow); true when this call started holding, i.e. for the first frame since its last flush.
 */
export function holdForThisTurn(connection: Flushable): boolean {
  if (connection.held) return false;
  connection.held = true;
  order[length++] = connection;
  schedule();
  return true;
}
