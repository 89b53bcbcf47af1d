/**
 * The WebSocket messages one connection is given during one event-loop turn, written to its TCP
 * socket together at the turn's end as one buffer (one system call). Each STOMP frame stays its
 * own WebSocket message: an unmasked, final, binary frame (RFC 6455 §5.2), the same bytes `ws`
 * sends for a Buffer without compression, which the STOMP server never negotiates. A MESSAGE
 * frame is queued as its two parts — the recipient's own head and the tail shared by every
 * recipient (see message-body) — and joined only here, straight into the outgoing buffer.
 */

/** FIN + opcode 2 (binary): what `ws` sends for a Buffer. */
const FINAL_BINARY = 0x82;

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

export class OutgoingFrames {
  /** Per message: its own head ('' for a whole frame given as one buffer), its head's byte length, its bytes. */
  private heads: string[] = [];
  private headLengths: number[] = [];
  private bodies: Buffer[] = [];
  /** Payload bytes queued (what the client will be sent, without WebSocket headers). */
  bytes = 0;

  get empty(): boolean {
    return this.bodies.length === 0;
  }

  /** Queues one message: `head` (UTF-8) then `body`. */
  push(head: string, body: Buffer): void {
    const headLength = head.length === 0 ? 0 : Buffer.byteLength(head, 'utf8');
    this.heads.push(head);
    this.headLengths.push(headLength);
    this.bodies.push(body);
    this.bytes += headLength + body.byteLength;
  }

  /** Every queued message framed, in order, in one buffer; the queue is empty afterwards. */
  take(): Buffer {
    const { heads, headLengths, bodies } = this;
    let total = 0;
    for (let i = 0; i < bodies.length; i++) {
      const length = headLengths[i]! + bodies[i]!.byteLength;
      total += headerBytes(length) + length;
    }
    const out = Buffer.allocUnsafe(total);
    let at = 0;
    for (let i = 0; i < bodies.length; i++) {
      const headLength = headLengths[i]!;
      const body = bodies[i]!;
      at = writeHeader(out, at, headLength + body.byteLength);
      if (headLength > 0) at += out.write(heads[i]!, at, headLength, 'utf8');
      at += body.copy(out, at);
    }
    this.clear();
    return out;
  }

  /** Drops everything queued. */
  clear(): void {
    this.heads = [];
    this.headLengths = [];
    this.bodies = [];
    this.bytes = 0;
  }
}
