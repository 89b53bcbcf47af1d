/** A STOMP frame as it travels on the wire, independent of direction. */
import { StompProtocolError } from './errors.js';

/** Protocol versions this layer speaks, best first. */
export const STOMP_VERSIONS = ['1.2', '1.1', '1.0'] as const;
export type StompVersion = (typeof STOMP_VERSIONS)[number];

/** One header line; a frame keeps every line in order, repeats included. */
export type HeaderEntry = readonly [name: string, value: string];

export interface Frame {
  readonly command: string;
  readonly headers: readonly HeaderEntry[];
  /** Raw body bytes; may contain NUL when the frame had a content-length. */
  readonly body: Uint8Array;
}

/** Header lookup by map: the first occurrence of a repeated header wins (STOMP 1.2). */
export type HeaderMap = Readonly<Record<string, string>>;

const EMPTY_BODY = new Uint8Array(0);

/** Builds a frame from a command, header pairs or a record, and an optional UTF-8 or byte body. */
export function frame(
  command: string,
  headers: readonly HeaderEntry[] | Readonly<Record<string, string>> = [],
  body: Uint8Array | string = EMPTY_BODY,
): Frame {
  const entries = Array.isArray(headers)
    ? (headers as readonly HeaderEntry[])
    : Object.entries(headers as Record<string, string>);
  return { command, headers: entries, body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body };
}

/** The value of the first header called `name` (case-sensitive, as STOMP says), if any. */
export function headerValue(f: Frame, name: string): string | undefined {
  for (const [n, v] of f.headers) if (n === name) return v;
  return undefined;
}

/** All headers as a null-prototype record where the first occurrence wins. */
export function headerMap(f: Frame): HeaderMap {
  const map: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [n, v] of f.headers) if (!(n in map)) map[n] = v;
  return map;
}

/** First header whose name matches case-insensitively (used for `Authorization`). */
export function headerValueIgnoreCase(f: Frame, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [n, v] of f.headers) if (n.toLowerCase() === wanted) return v;
  return undefined;
}

/** CONNECT and CONNECTED are never escaped, whatever the version (STOMP 1.2 §Value Encoding). */
export function isEscapedCommand(command: string): boolean {
  return command !== 'CONNECT' && command !== 'CONNECTED';
}

/** The frame body decoded as UTF-8 text. */
export function bodyText(f: Frame): string {
  return Buffer.from(f.body.buffer, f.body.byteOffset, f.body.byteLength).toString('utf8');
}

/** The first value of a header the command requires; missing or empty is a protocol error. */
export function requiredHeader(f: Frame, name: string): string {
  const value = headerValue(f, name);
  if (value === undefined || value === '')
    throw new StompProtocolError('MISSING_HEADER', name, `필수 헤더(${name})가 없습니다.`);
  return value;
}
