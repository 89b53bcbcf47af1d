/**
 * Streaming STOMP frame parser: bytes in (any split, any joining of frames and heart-beat EOLs),
 * frames out, one at a time. Frames are pulled with `next()` so a session can stop reading while
 * an async hook runs and switch header escaping once the version is negotiated.
 */
import { ByteBuffer } from './byte-buffer.js';
import { StompProtocolError } from './errors.js';
import { unescapeHeader } from './escape.js';
import { isEscapedCommand, type Frame, type HeaderEntry, type StompVersion } from './frame.js';
import { DEFAULT_FRAME_LIMITS, type FrameLimits } from './limits.js';

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const COMMAND = /^[A-Z]{1,32}$/;
const DIGITS = /^[0-9]{1,10}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A frame being read. Offsets are relative to the frame's first byte, which stays at `buf.start`. */
interface PartialFrame {
  command: string | null;
  headers: HeaderEntry[];
  /** Where the next header line begins. */
  lineStart: number;
  /** Where the search for the next LF (or NUL) resumes: bytes before it were already scanned. */
  scanFrom: number;
  /** Where the body begins; -1 while headers are still being read. */
  bodyStart: number;
  contentLength: number | null;
}

export class FrameParser {
  private readonly buf = new ByteBuffer();
  private partial: PartialFrame | null = null;
  private failure: StompProtocolError | null = null;

  constructor(
    private readonly limits: FrameLimits = DEFAULT_FRAME_LIMITS,
    /** Escaping rules for headers of frames other than CONNECT/CONNECTED. */
    public version: StompVersion = '1.2',
  ) {}

  /** Bytes received but not yet returned as frames. */
  get pendingBytes(): number {
    return this.buf.length;
  }

  /** Feeds raw bytes (or UTF-8 text) from one WebSocket message. Throws `BUFFER_OVERFLOW`. */
  push(chunk: Uint8Array | string): void {
    this.throwIfFailed();
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (this.buf.length + bytes.length > this.limits.maxPendingBytes)
      this.fail(new StompProtocolError('BUFFER_OVERFLOW'));
    this.buf.append(bytes);
  }

  /** The next complete frame, or null until more bytes arrive. Throws `StompProtocolError` and stays failed. */
  next(): Frame | null {
    this.throwIfFailed();
    try {
      return this.parse();
    } catch (error) {
      if (error instanceof StompProtocolError) this.fail(error);
      throw error;
    }
  }

  private parse(): Frame | null {
    const p = this.partial ?? this.beginFrame();
    if (!p) return null;
    const base = this.buf.start;
    while (p.bodyStart < 0) {
      const lf = this.buf.indexOf(LF, base + p.scanFrom) - base;
      // A NUL ends a frame, so one inside the command or a header line can never become valid: fail now, not at the
      // next LF.
      if (this.buf.bytes.subarray(base + p.scanFrom, base + (lf < 0 ? this.buf.length : lf)).includes(NUL)) {
        throw new StompProtocolError('MALFORMED_FRAME', 'NUL before the end of the headers');
      }
      if (lf < 0) return this.waitForLine(p);
      const lineEnd = lf > p.lineStart && this.buf.bytes[base + lf - 1] === CR ? lf - 1 : lf;
      this.checkLine(lineEnd - p.lineStart, lf + 1);
      this.acceptLine(p, base + p.lineStart, base + lineEnd, lf + 1);
      p.lineStart = p.scanFrom = lf + 1;
    }
    return this.readBody(p, base);
  }

  /** Skips heart-beat EOLs; starts a frame at the first other byte. */
  private beginFrame(): PartialFrame | null {
    const { bytes, end } = this.buf;
    let i = this.buf.start;
    while (i < end) {
      if (bytes[i] === LF) i++;
      else if (bytes[i] === CR) {
        if (i + 1 >= end) break;
        if (bytes[i + 1] !== LF) throw new StompProtocolError('MALFORMED_FRAME', 'CR without LF');
        i += 2;
      } else {
        this.buf.consumeTo(i);
        this.partial = { command: null, headers: [], lineStart: 0, scanFrom: 0, bodyStart: -1, contentLength: null };
        return this.partial;
      }
    }
    this.buf.consumeTo(i);
    return null;
  }

  private waitForLine(p: PartialFrame): null {
    const have = this.buf.length;
    this.checkLine(have - p.lineStart, have);
    p.scanFrom = have;
    return null;
  }

  private checkLine(lineBytes: number, headBytes: number): void {
    if (lineBytes > this.limits.maxHeaderLineBytes) throw new StompProtocolError('HEADER_LINE_TOO_LONG');
    if (headBytes > this.limits.maxFrameBytes) throw new StompProtocolError('FRAME_TOO_LARGE');
  }

  private acceptLine(p: PartialFrame, from: number, to: number, next: number): void {
    const line = decode(this.buf.bytes, from, to);
    if (p.command === null) {
      if (!COMMAND.test(line)) throw new StompProtocolError('INVALID_COMMAND', line.slice(0, 40));
      p.command = line;
    } else if (line === '') {
      p.bodyStart = next;
      p.contentLength = this.contentLength(p);
    } else {
      if (p.headers.length >= this.limits.maxHeaders) throw new StompProtocolError('TOO_MANY_HEADERS');
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('INVALID_HEADER', 'missing name or colon');
      const escaped = isEscapedCommand(p.command);
      const name = escaped ? unescapeHeader(line.slice(0, colon), this.version) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1), this.version) : line.slice(colon + 1);
      p.headers.push([name, value]);
    }
  }

  private contentLength(p: PartialFrame): number | null {
    const raw = p.headers.find(([n]) => n === 'content-length')?.[1];
    if (raw === undefined) return null;
    if (!DIGITS.test(raw)) throw new StompProtocolError('INVALID_CONTENT_LENGTH', raw.slice(0, 20));
    const length = Number(raw);
    if (length > this.limits.maxBodyBytes) throw new StompProtocolError('BODY_TOO_LARGE');
    if (p.bodyStart + length + 1 > this.limits.maxFrameBytes) throw new StompProtocolError('FRAME_TOO_LARGE');
    return length;
  }

  private readBody(p: PartialFrame, base: number): Frame | null {
    const have = this.buf.length;
    let nul: number;
    if (p.contentLength !== null) {
      nul = p.bodyStart + p.contentLength;
      if (have <= nul) return null;
      if (this.buf.bytes[base + nul] !== NUL)
        throw new StompProtocolError('MALFORMED_FRAME', 'no NUL after content-length body');
    } else {
      nul = this.buf.indexOf(NUL, base + Math.max(p.scanFrom, p.bodyStart)) - base;
      if (nul < 0) {
        p.scanFrom = have;
        if (have - p.bodyStart > this.limits.maxBodyBytes) throw new StompProtocolError('BODY_TOO_LARGE');
        if (have > this.limits.maxFrameBytes) throw new StompProtocolError('FRAME_TOO_LARGE');
        return null;
      }
      if (nul - p.bodyStart > this.limits.maxBodyBytes) throw new StompProtocolError('BODY_TOO_LARGE');
      if (nul + 1 > this.limits.maxFrameBytes) throw new StompProtocolError('FRAME_TOO_LARGE');
    }
    const body = Buffer.from(this.buf.bytes.subarray(base + p.bodyStart, base + nul));
    this.buf.consumeTo(base + nul + 1);
    this.partial = null;
    return { command: p.command ?? '', headers: p.headers, body };
  }

  private fail(error: StompProtocolError): never {
    this.failure = error;
    throw error;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}

function decode(bytes: Buffer, from: number, to: number): string {
  try {
    return utf8.decode(bytes.subarray(from, to));
  } catch {
    throw new StompProtocolError('INVALID_UTF8');
  }
}
