/** Test helpers for the codec: random frames, raw encodings and a parse-everything loop. */
import fc from 'fast-check';
import { escapeHeader } from '../../src/stomp/escape.js';
import { FrameParser } from '../../src/stomp/parser.js';
import { DEFAULT_FRAME_LIMITS, type FrameLimits } from '../../src/stomp/limits.js';
import type { Frame, HeaderEntry } from '../../src/stomp/frame.js';

export const ESCAPED_COMMANDS = [
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'MESSAGE',
  'RECEIPT',
  'ERROR',
  'ACK',
  'NACK',
  'DISCONNECT',
];

const tricky = fc.constantFrom(':', '\n', '\r', '\\', '\\c', 'a', 'Z', '-', ' ', '0', '가', '토론', '방장', '🙂', 'é');
const text = (unit: fc.Arbitrary<string>, minLength: number) =>
  fc.oneof(fc.string({ unit, minLength, maxLength: 12 }), fc.string({ unit: 'grapheme', minLength, maxLength: 12 }));

/** Header names and values with every character STOMP 1.2 must escape, Korean text and emoji. */
export const escapedHeader: fc.Arbitrary<HeaderEntry> = fc.tuple(
  text(tricky, 1).filter((n) => n !== 'content-length'),
  text(tricky, 0),
);

/** CONNECT/CONNECTED are not escaped: names without ':' and line breaks, values without line breaks. */
const rawHeader: fc.Arbitrary<HeaderEntry> = fc.tuple(
  text(tricky, 1)
    .map((n) => n.replace(/[:\r\n]/g, '_'))
    .filter((n) => n !== 'content-length'),
  text(tricky, 0).map((v) => v.replace(/[\r\n]/g, '_')),
);

export const anyFrame: fc.Arbitrary<Frame> = fc.oneof(
  fc.record({
    command: fc.constantFrom(...ESCAPED_COMMANDS),
    headers: fc.array(escapedHeader, { maxLength: 8 }),
    body: fc.uint8Array({ maxLength: 300 }),
  }),
  fc.record({
    command: fc.constantFrom('CONNECT', 'CONNECTED'),
    headers: fc.array(rawHeader, { maxLength: 8 }),
    body: fc.uint8Array({ maxLength: 50 }),
  }),
);

/** Heart-beat EOLs that may sit before, between and after frames. */
export const eols = fc.array(fc.constantFrom('\n', '\r\n'), { maxLength: 3 }).map((a) => a.join(''));

/** The frame as the parser must return it after `serializeFrame` (which appends content-length). */
export function withLength(f: Frame): Frame {
  return { command: f.command, headers: [...f.headers, ['content-length', String(f.body.byteLength)]], body: f.body };
}

/** An escaped frame without content-length (NUL-terminated body), with LF or CRLF line ends. */
export function encodeNulTerminated(f: Frame, eol: '\n' | '\r\n'): Buffer {
  let head = f.command + eol;
  for (const [n, v] of f.headers) head += `${escapeHeader(n, '1.2')}:${escapeHeader(v, '1.2')}${eol}`;
  return Buffer.concat([Buffer.from(head + eol, 'utf8'), f.body, Buffer.from([0])]);
}

/** Pushes chunks one by one, pulling every complete frame after each push. */
export function parseChunks(chunks: readonly Uint8Array[], limits: FrameLimits = DEFAULT_FRAME_LIMITS): Frame[] {
  const parser = new FrameParser(limits);
  const frames: Frame[] = [];
  for (const chunk of chunks) {
    parser.push(chunk);
    for (let f = parser.next(); f; f = parser.next()) frames.push(f);
  }
  return frames;
}

/** Splits bytes at the given (sorted, deduplicated) cut points. */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const p of points) {
    out.push(bytes.subarray(last, p));
    last = p;
  }
  out.push(bytes.subarray(last));
  return out;
}

/** Frames compared as plain data (Buffer vs Uint8Array does not matter). */
export function plain(frames: readonly Frame[]): { command: string; headers: HeaderEntry[]; body: number[] }[] {
  return frames.map((f) => ({ command: f.command, headers: [...f.headers], body: [...f.body] }));
}
