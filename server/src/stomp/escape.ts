/**
 * Header value escaping. STOMP 1.2 escapes `\` `\n` `\r` `:`; 1.1 the same without `\r`;
 * 1.0 has no escaping at all. Undefined escape sequences are a protocol error.
 */
import { StompProtocolError } from './errors.js';
import type { StompVersion } from './frame.js';

const ESCAPES_12: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', ':': '\\c' };
const ESCAPES_11: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', ':': '\\c' };
const UNESCAPES_12: Readonly<Record<string, string>> = { '\\': '\\', n: '\n', r: '\r', c: ':' };
const UNESCAPES_11: Readonly<Record<string, string>> = { '\\': '\\', n: '\n', c: ':' };
const NEEDS_12 = /[\\\n\r:]/;
const NEEDS_11 = /[\\\n:]/;

/** Escapes a header name or value for `version`; with 1.0, line breaks become spaces so the frame stays intact. */
export function escapeHeader(text: string, version: StompVersion): string {
  if (version === '1.0') return text.replace(/[\r\n]/g, ' ');
  const table = version === '1.2' ? ESCAPES_12 : ESCAPES_11;
  const needs = version === '1.2' ? NEEDS_12 : NEEDS_11;
  if (!needs.test(text)) return text;
  let out = '';
  for (const ch of text) out += table[ch] ?? ch;
  return out;
}

/** Reverses `escapeHeader`; throws `INVALID_ESCAPE` on an undefined or dangling escape. */
export function unescapeHeader(text: string, version: StompVersion): string {
  if (version === '1.0' || !text.includes('\\')) return text;
  const table = version === '1.2' ? UNESCAPES_12 : UNESCAPES_11;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = text[i + 1];
    const decoded = next === undefined ? undefined : table[next];
    if (decoded === undefined) throw new StompProtocolError('INVALID_ESCAPE', `\\${next ?? '(end)'}`);
    out += decoded;
    i++;
  }
  return out;
}
