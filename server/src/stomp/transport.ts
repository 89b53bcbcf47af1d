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
  /** This turn's messages, written to the socket together when the turn ends. */
  private readonly outgoing = new OutgoingFrames();
  private lastSent = Date.now();
  private lastReceived = Date.now();
  private timers: NodeJS.Timeout[] = [];
  /** Whether the client was too far behind when this turn's writing began. */
  private behind = false;

  constructor(
    private readonly ws: WebSocket,
    /** The TCP socket under `ws` (the upgrade request's socket): a turn's messages are written to it at once. */
    private readonly socket: Socket,
    private readonly maxBufferedBytes: number,
    private readonly onTooSlow: () => void,
  ) {}

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Records client activity (any bytes, heart-beat EOLs included). */
  received(): void {
    this.lastReceived = Date.now();
  }

  /**
   * Queues bytes as one WebSocket message; false if the socket is no longer open or the client fell
   * too far behind: more than the limit was still queued from earlier turns when this turn began
   * writing (what one turn queues leaves together at its end, see write-coalescer).
   */
  write(bytes: Buffer): boolean {
    return this.queue('', bytes);
  }

  /** Queues one WebSocket message made of `head` (UTF-8) and `tail`, like `write` of the two joined. */
  writeSpliced(head: string, tail: Buffer): boolean {
    return this.queue(head, tail);
  }

  /** Writes this turn's messages to the socket (the write coalescer calls it once the turn's I/O is done). */
  flush(): void {
    if (this.outgoing.empty) return;
    if (!this.open || this.socket.destroyed) return this.outgoing.clear();
    this.socket.write(this.outgoing.take());
  }

  private queue(head: string, body: Buffer): boolean {
    if (!this.open) return false;
    if (holdForThisTurn(this)) this.behind = this.ws.bufferedAmount > this.maxBufferedBytes;
    if (this.behind) {
      this.onTooSlow();
      return false;
    }
    this.outgoing.push(head, body);
    this.lastSent = Date.now();
    return true;
  }

  /**
   * Resolves after other pending work has had its turn, once at most `lowWaterBytes` are still
   * queued for the client (or the socket has closed): long output paces itself on the reader.
   */
  async drained(lowWaterBytes: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    // A busy flush goes out in slices (write-coalescer): wait until this connection's turn came.
    while (this.open && !this.outgoing.empty) await new Promise((resolve) => setImmediate(resolve));
    if (!this.open || this.ws.bufferedAmount <= lowWaterBytes) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.socket.off('drain', done);
        this.ws.off('close', done);
        resolve();
      };
      this.socket.once('drain', done);
      this.ws.once('close', done);
    });
  }

  /** Bytes queued for the client and not yet taken by it (this turn's messages included). */
  get bufferedBytes(): number {
    return this.ws.bufferedAmount + this.outgoing.bytes;
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
        this.flush(); // the ping goes out behind what was written before it
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
  }

  /** Starts the WebSocket closing handshake (after anything already queued). */
  close(code: number, reason = ''): void {
    this.stop();
    this.flush(); // the close frame goes out behind what was written before it
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close(code, fitReason(reason));
    }
  }

  /** Drops the connection at once, without a closing handshake (silent or hopelessly slow peers). */
  terminate(): void {
    this.stop();
    this.outgoing.clear();
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
