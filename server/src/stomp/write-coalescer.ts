/**
 * Coalesces socket writes per event-loop turn. The first frame a connection is given in a turn
 * registers it here; one callback after the turn's I/O (`setImmediate`) flushes every connection
 * registered meanwhile, so all the frames a connection got in that turn leave in one write instead
 * of one system call each (see outgoing-frames). Each frame stays its own WebSocket message, in
 * the order it was written.
 */

/** A connection holding this turn's frames until `flush`. */
export interface Flushable {
  flush(): void;
}

const holding = new Set<Flushable>();
let scheduled = false;

function flush(): void {
  scheduled = false;
  const connections = [...holding];
  holding.clear();
  for (const connection of connections) connection.flush();
}

/**
 * Holds `connection`'s writes until the end of this event-loop turn (once per turn, however many
 * frames follow); true when this call started holding, i.e. for the turn's first frame.
 */
export function holdForThisTurn(connection: Flushable): boolean {
  if (holding.has(connection)) return false;
  holding.add(connection);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
  return true;
}
