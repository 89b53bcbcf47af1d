/**
 * The STOMP frames one connection is given during one event-loop turn, written to its TCP socket
 * together at the turn's end as one WebSocket message (one system call): an unmasked, final,
 * binary frame (RFC 6455 §5.2), the same bytes `ws` sends for a Buffer without compression, which
 * the STOMP server never negotiates. STOMP frames end in NUL, so a client's parser (stompjs, and
 * any STOMP 1.2 decoder) reads several from one message as it reads them from a stream; a client
 * given a burst then wakes once for it rather than once per frame. A MESSAGE frame is queued as
 * its parts — the subscription's head prefix, the recipient's message number and the tail shared
 * by every recipient (see message-body) — and joined only here, straight into the outgoing
 * buffer: queueing a delivery allocates nothing (the queue's slots are reused from turn to turn),
 * so a batch reaching thousands of subscribers leaves no garbage per subscriber but the one
 * buffer per connection that the socket write needs.
 */

/** FIN + opcode 2 (binary): what `ws` sends for a Buffer. */
const FINAL_BINARY = 0x82;
const EOL = 0x0a;
const DIGIT_0 = 0x30;
const NONE = Buffer.alloc(0);
/** Queue slots per frame: head prefix, message number (-1: none), body. */
const SLOTS = 3;

/** Bytes of the WebSocket frame header for a payload of `length` bytes (server frames carry no mask). */
function headerBytes(length: number): number {
  return length < 126 ? 2 : length < 65_536 ? 4 : 10;
}

function writeHeader(out: Buffer, at: number, length: number): number {
  out[at] = FINAL_BINARY;
  if (length < 126) {
    out[at + 1] = length;
    return at + 2;
  }
  if (length < 65_536) {
    out[at + 1] = 126;
    out.writeUInt16BE(length, at + 2);
    return at + 4;
  }
  out[at + 1] = 127;
  out.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
  out.writeUInt32BE(length >>> 0, at + 6);
  return at + 10;
}

/** Decimal digits of a non-negative integer. */
function digits(n: number): number {
  let count = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    count++;
  }
  return count;
}

/** Writes `n` in decimal at `at` (its `digits(n)` bytes); returns the offset after it. */
function writeDecimal(out: Buffer, at: number, n: number): number {
  const end = at + digits(n);
  let i = end;
  do {
    out[--i] = DIGIT_0 + (n % 10);
    n = Math.floor(n / 10);
  } while (n > 0);
  return end;
}

/** Payload bytes of a queued frame: prefix, the number and its line end when there is one, body. */
function payloadBytes(prefix: Buffer, n: number, body: Buffer): number {
  return prefix.byteLength + (n < 0 ? 0 : digits(n) + 1) + body.byteLength;
}

export class OutgoingFrames {
  /** `SLOTS` entries per frame; only the first `count` frames' slots are in use. */
  private readonly slots: (Buffer | number)[] = [];
  private count = 0;
  /** Payload bytes queued (what the client will be sent, without the WebSocket header). */
  bytes = 0;

  get empty(): boolean {
    return this.count === 0;
  }

  /** Queues one frame (or heart-beat) given whole. */
  push(body: Buffer): void {
    this.queue(NONE, -1, body);
  }

  /** Queues one MESSAGE frame: `prefix`, then `messageNumber` in decimal and a line end, then `tail`. */
  pushMessage(prefix: Buffer, messageNumber: number, tail: Buffer): void {
    this.queue(prefix, messageNumber, tail);
  }

  /** Every queued frame, in order, in one WebSocket message; the queue is empty afterwards. */
  take(): Buffer {
    const { slots, count } = this;
    const out = Buffer.allocUnsafe(headerBytes(this.bytes) + this.bytes);
    let at = writeHeader(out, 0, this.bytes);
    for (let i = 0; i < count * SLOTS; i += SLOTS) {
      const prefix = slots[i] as Buffer;
      const n = slots[i + 1] as number;
      const body = slots[i + 2] as Buffer;
      out.set(prefix, at);
      at += prefix.byteLength;
      if (n >= 0) {
        at = writeDecimal(out, at, n);
        out[at++] = EOL;
      }
      out.set(body, at);
      at += body.byteLength;
    }
    this.clear();
    return out;
  }

  /** Drops everything queued (the slots stay for the next turn, holding no buffer). */
  clear(): void {
    this.slots.fill(NONE, 0, this.count * SLOTS);
    this.count = 0;
    this.bytes = 0;
  }

  private queue(prefix: Buffer, n: number, body: Buffer): void {
    const at = this.count++ * SLOTS;
    this.slots[at] = prefix;
    this.slots[at + 1] = n;
    this.slots[at + 2] = body;
    this.bytes += payloadBytes(prefix, n, body);
  }
}
