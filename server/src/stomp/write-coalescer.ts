/**
 * Coalesces socket writes per event-loop turn. The first frame a connection is given in a turn
 * corks its TCP socket; one callback after the turn's I/O (`setImmediate`) uncorks every socket
 * corked meanwhile, so all the frames a connection got in that turn leave in one `writev` instead
 * of one system call each. Each frame stays its own WebSocket message, in the order it was written.
 */

/** The part of a `net.Socket` this needs. */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

const corked = new Set<Corkable>();
let scheduled = false;

function flush(): void {
  scheduled = false;
  const sockets = [...corked];
  corked.clear();
  for (const socket of sockets) socket.uncork();
}

/**
 * Corks `socket` until the end of this event-loop turn (once per turn, however many frames
 * follow); true when this call corked it, i.e. for the turn's first frame.
 */
export function holdForThisTurn(socket: Corkable): boolean {
  if (corked.has(socket)) return false;
  socket.cork();
  corked.add(socket);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
  return true;
}
