/** Turns frames into wire bytes: escaped headers (except CONNECT/CONNECTED), content-length, NUL. */
import { escapeHeader } from './escape.js';
import { isEscapedCommand, type Frame, type StompVersion } from './frame.js';

const NUL = Buffer.from([0]);

/**
 * Serialises a frame for a peer speaking `version`. A `content-length` header is added unless the
 * frame already has one, so bodies may contain NUL bytes.
 */
export function serializeFrame(f: Frame, version: StompVersion): Buffer {
  const escaped = isEscapedCommand(f.command);
  let head = f.command + '\n';
  let hasLength = false;
  for (const [name, value] of f.headers) {
    if (name === 'content-length') hasLength = true;
    head += escaped ? `${escapeHeader(name, version)}:${escapeHeader(value, version)}\n` : `${name}:${value}\n`;
  }
  if (!hasLength) head += `content-length:${f.body.byteLength}\n`;
  head += '\n';
  return Buffer.concat([Buffer.from(head, 'utf8'), f.body, NUL]);
}
