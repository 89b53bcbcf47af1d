/**
 * The socket side of a session: writes with a slow-consumer guard, heart-beat pings, the
 * silence watchdog and closing with a close frame reason that fits the WebSocket limit.
 */
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { NegotiatedHeartBeat } from './negotiate.js';
import { OutgoingFrames } from './outgoing-frames.js';
import { holdForThisTurn, type Flushable } from './write-coalescer.js';

const EOL = Buffer.from('\n');
const MAX_REASON_BYTES = 123;

/** WebSocket close codes this layer uses. */
export const CloseCode = {
  normal: 1000,
  protocolError: 1002,
  policy: 1008,
  tooBig: 1009,
  serviceRestart: 1012,
} as const;

export class Transport implements Flushable {
  /** Whether the write coalescer holds this turn's frames (its flag, see write-coalescer). */
  held = false;
  /** This turn's frames, written to the socket together when the turn ends (see `flush`). */
  private readonly outgoing = new OutgoingFrames();
  private lastSent = Date.now();
  private lastReceived = Date.now();
  private timers: NodeJS.Timeout[] = [];
  /** Whether the client was too far behind when this turn's writing began. */
  private behind = false;
  /** Bytes of the write in flight (0: none), and who waits for it to be done (see `drained`). */
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  /** The bytes held (queued and in flight) as last told to `onHeld`. */
  private reportedHeld = 0;

  constructor(
    private readonly ws: WebSocket,
    /** The TCP socket under `ws` (the upgrade request's socket): a turn's frames are written to it at once. */
    private readonly socket: Socket,
    private readonly maxBufferedBytes: number,
    private readonly onTooSlow: () => void,
    /** Told how the bytes this connection holds changed, once per turn that changed them (the outbound budget). */
    private readonly onHeld: (deltaBytes: number) => void = () => {},
  ) {}

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Records client activity (any bytes, heart-beat EOLs included). */
  received(): void {
    this.lastReceived = Date.now();
  }

  /**
   * Queues one frame's bytes; false if the socket is no longer open or the client fell too far
   * behind: more than the limit was still queued from earlier turns when this turn began writing
   * (what one turn queues leaves together at its end, in one message: see write-coalescer).
   */
  write(bytes: Buffer): boolean {
    if (!this.admit()) return false;
    this.outgoing.push(bytes);
    return true;
  }

  /**
   * Queues one MESSAGE frame, like `write` of `prefix`, `messageNumber` in decimal, a line end and
   * `tail` joined (they are joined only when written, see outgoing-frames).
   */
  writeMessage(prefix: Buffer, messageNumber: number, tail: Buffer): boolean {
    if (!this.admit()) return false;
    this.outgoing.pushMessage(prefix, messageNumber, tail);
    return true;
  }

  /**
   * Writes this turn's frames to the socket (the write coalescer calls it once the turn's I/O is
   * done). While an earlier write is still being taken by the kernel they stay queued and leave
   * together once it is done: one write at a time is in flight, so what waits is known (see
   * `bufferedBytes`).
   */
  flush(): void {
    if (!this.outgoing.empty && this.inFlight === 0) {
      if (!this.open || this.socket.destroyed) this.outgoing.clear();
      else {
        const bytes = this.outgoing.take();
        this.inFlight = bytes.length;
        this.socket.write(bytes, this.written);
      }
    }
    this.reportHeld();
  }

  /** Tells `onHeld` what changed in the bytes queued and in flight since it was last told. */
  private reportHeld(): void {
    const held = this.outgoing.bytes + this.inFlight;
    if (held === this.reportedHeld) return;
    this.onHeld(held - this.reportedHeld);
    this.reportedHeld = held;
  }

  /** The write in flight is done (or failed with the socket): the frames held meanwhile follow it. */
  private readonly written = (): void => {
    this.inFlight = 0;
    this.flush();
    if (this.waiters.length > 0) for (const wake of this.waiters.splice(0)) wake();
  };

  /** Whether one more frame may be queued (see `write`); counts it as sent. */
  private admit(): boolean {
    if (!this.open) return false;
    if (holdForThisTurn(this)) this.behind = this.bufferedBytes > this.maxBufferedBytes;
    if (this.behind) {
      this.onTooSlow();
      return false;
    }
    this.lastSent = Date.now();
    return true;
  }

  /**
   * Resolves after other pending work has had its turn, once at most `lowWaterBytes` are still
   * queued for the client (or the socket has closed): long output paces itself on the reader.
   */
  async drained(lowWaterBytes: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.open && this.bufferedBytes > lowWaterBytes) {
      // Held frames leave at the coalescer's flush, or behind the write in flight when it is done.
      await new Promise<void>((resolve) => (this.inFlight > 0 ? this.waiters.push(resolve) : setImmediate(resolve)));
    }
  }

  /**
   * Bytes queued for the client and not yet taken by its TCP connection: the held frames and what
   * the kernel has not yet accepted of the write in flight. Not the whole write: a reader keeping up
   * has usually taken most of a large one before the rest is accepted a loop turn later, and
   * counting it whole until then would cut such a reader as soon as one write outgrows the limit.
   * (`ws.bufferedAmount` counts it whole; the remainder is the counter libuv keeps for the socket,
   * which Node's own net module reads. The few bytes of `ws`'s own control frames are not counted.)
   */
  get bufferedBytes(): number {
    const handle = (this.socket as { _handle?: { writeQueueSize?: number } | null })._handle;
    const unsent = this.inFlight > 0 ? (handle?.writeQueueSize ?? this.inFlight) : 0;
    return unsent + this.outgoing.bytes;
  }

  /**
   * Starts pings and the watchdog; `onSilent` fires after 2× the client's interval plus `graceMs` of
   * silence. A client without heart-beats gets a WebSocket ping every `pingMs` instead, and
   * `onSilent` fires when it has sent nothing since the previous one (not even the pong).
   */
  startHeartBeat(hb: NegotiatedHeartBeat, graceMs: number, pingMs: number, onSilent: () => void): void {
    if (hb.sendEveryMs > 0) {
      this.every(hb.sendEveryMs, () => {
        if (Date.now() - this.lastSent >= hb.sendEveryMs / 2) this.write(EOL);
      });
    }
    if (hb.expectEveryMs > 0) {
      const limit = 2 * hb.expectEveryMs + graceMs;
      this.every(Math.max(50, Math.min(hb.expectEveryMs, graceMs)), () => {
        if (Date.now() - this.lastReceived > limit) onSilent();
      });
    } else if (pingMs > 0) {
      let pingedAt: number | null = null;
      this.every(pingMs, () => {
        if (pingedAt !== null && this.lastReceived < pingedAt) return onSilent();
        pingedAt = Date.now();
        this.flush(); // the ping goes out behind what was written before it (ahead of what waits for a write in flight)
        this.ws.ping();
      });
    }
  }

  /** Runs `fn` once after `ms` unless the transport stops first. */
  after(ms: number, fn: () => void): void {
    const timer = setTimeout(fn, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Stops every timer; called when the socket closes. */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    for (const wake of this.waiters.splice(0)) wake();
    this.reportHeld();
  }

  /** Starts the WebSocket closing handshake (after anything already queued). */
  close(code: number, reason = ''): void {
    this.stop();
    // The close frame goes out behind everything queued, the frames held behind a write in flight too.
    if (!this.outgoing.empty && !this.socket.destroyed) this.socket.write(this.outgoing.take());
    this.outgoing.clear();
    this.reportHeld();
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close(code, fitReason(reason));
    }
  }

  /** Drops the connection at once, without a closing handshake (silent or hopelessly slow peers). */
  terminate(): void {
    this.outgoing.clear();
    this.stop();
    this.ws.terminate();
  }

  private every(ms: number, fn: () => void): void {
    const timer = setInterval(fn, ms);
    timer.unref();
    this.timers.push(timer);
  }
}

/** Truncates a close reason to the 123 bytes a close frame allows, on a character boundary. */
function fitReason(reason: string): string {
  let out = '';
  let bytes = 0;
  for (const ch of reason) {
    bytes += Buffer.byteLength(ch);
    if (bytes > MAX_REASON_BYTES) break;
    out += ch;
  }
  return out;
}
