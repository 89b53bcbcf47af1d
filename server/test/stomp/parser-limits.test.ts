import { describe, expect, it } from 'vitest';
import { StompProtocolError, type StompErrorCode } from '../../src/stomp/errors.js';
import { headerMap, type Frame } from '../../src/stomp/frame.js';
import { FrameParser } from '../../src/stomp/parser.js';
import { serializeFrame } from '../../src/stomp/serializer.js';
import { frame } from '../../src/stomp/frame.js';

const limits = { maxFrameBytes: 200, maxBodyBytes: 100, maxHeaders: 3, maxHeaderLineBytes: 40, maxPendingBytes: 400 };

function parseText(text: string | Uint8Array): Frame[] {
  const parser = new FrameParser(limits);
  parser.push(text);
  const frames: Frame[] = [];
  for (let f = parser.next(); f; f = parser.next()) frames.push(f);
  return frames;
}

function errorCode(run: () => unknown): StompErrorCode | 'none' {
  try {
    run();
    return 'none';
  } catch (error) {
    if (error instanceof StompProtocolError) return error.code;
    throw error;
  }
}

describe('FrameParser: rejected input raises typed protocol errors', () => {
  const cases: [string, string | Uint8Array, StompErrorCode][] = [
    ['an undefined escape', 'SEND\ndestination:/a\\tb\n\n\0', 'INVALID_ESCAPE'],
    ['a dangling backslash', 'SEND\ndestination:/a\\\n\n\0', 'INVALID_ESCAPE'],
    ['a header line without a colon', 'SEND\ndestination\n\n\0', 'INVALID_HEADER'],
    ['a header with an empty name', 'SEND\n:x\n\n\0', 'INVALID_HEADER'],
    ['a lower-case command', 'send\n\n\0', 'INVALID_COMMAND'],
    ['a negative content-length', 'SEND\ncontent-length:-1\n\n\0', 'INVALID_CONTENT_LENGTH'],
    ['a non-numeric content-length', 'SEND\ncontent-length:abc\n\n\0', 'INVALID_CONTENT_LENGTH'],
    ['a body longer than its content-length', 'SEND\ncontent-length:1\n\nab\0', 'MALFORMED_FRAME'],
    ['a CR without LF between frames', '\rSEND\n\n\0', 'MALFORMED_FRAME'],
    ['a too long header line', `SEND\nx:${'a'.repeat(60)}\n\n\0`, 'HEADER_LINE_TOO_LONG'],
    ['a too long line that never ends', `SEND\nx:${'a'.repeat(60)}`, 'HEADER_LINE_TOO_LONG'],
    ['too many headers', 'SEND\na:1\nb:2\nc:3\nd:4\n\n\0', 'TOO_MANY_HEADERS'],
    ['a declared body over the limit', 'SEND\ncontent-length:101\n\n', 'BODY_TOO_LARGE'],
    ['an unterminated body over the limit', `SEND\n\n${'x'.repeat(150)}`, 'BODY_TOO_LARGE'],
    [
      'invalid UTF-8 in a header',
      Buffer.concat([Buffer.from('SEND\nx:'), Buffer.from([0xff, 0xfe]), Buffer.from('\n\n\0')]),
      'INVALID_UTF8',
    ],
  ];
  it.each(cases)('%s', (_name, input, code) => {
    expect(errorCode(() => parseText(input))).toBe(code);
  });

  it('bounds the whole frame, headers included', () => {
    const headers = `SEND\n${'a:'.padEnd(38, 'x')}\n${'b:'.padEnd(38, 'x')}\n${'c:'.padEnd(38, 'x')}\n\n`;
    expect(errorCode(() => parseText(`${headers}${'y'.repeat(95)}\0`))).toBe('FRAME_TOO_LARGE');
  });

  it('bounds the bytes waiting to be parsed', () => {
    const parser = new FrameParser(limits);
    parser.push('SEND\n\n\0'.repeat(50));
    expect(errorCode(() => parser.push('SEND\n\n\0'.repeat(10)))).toBe('BUFFER_OVERFLOW');
  });
});

describe('FrameParser: accepted input', () => {
  it('keeps repeated headers in order; the first one wins in the map', () => {
    const [f] = parseText('MESSAGE\nfoo:World\nfoo:Hello\n\n\0');
    expect(f?.headers).toEqual([
      ['foo', 'World'],
      ['foo', 'Hello'],
    ]);
    expect(headerMap(f!).foo).toBe('World');
  });

  it('does not unescape CONNECT headers', () => {
    const [f] = parseText('CONNECT\npasscode:a\\cb:c\\n\n\n\0');
    expect(headerMap(f!).passcode).toBe('a\\cb:c\\n');
  });

  it('unescapes other frames and keeps Korean text', () => {
    const [f] = parseText('SEND\ndestination:/app/방\\c1\\\\x\\n\n\n본문\0');
    expect(headerMap(f!).destination).toBe('/app/방:1\\x\n');
    expect(Buffer.from(f!.body).toString('utf8')).toBe('본문');
  });

  it('reads a content-length body containing NUL and then skips heart-beat EOLs', () => {
    const frames = parseText('\n\r\nSEND\ncontent-length:3\n\na\0b\0\r\n\nSEND\n\n\0\n');
    expect(frames.map((f) => [...f.body])).toEqual([[97, 0, 98], []]);
  });

  it('switches escaping rules with the negotiated version (1.0: none)', () => {
    const parser = new FrameParser(limits, '1.0');
    parser.push('SEND\ndestination:/a\\tb\n\n\0');
    expect(headerMap(parser.next()!).destination).toBe('/a\\tb');
  });

  it('escapes CONNECTED only by content-length and leaves header text alone', () => {
    const bytes = serializeFrame(frame('CONNECTED', { version: '1.2', server: 'a:b' }), '1.2').toString('utf8');
    expect(bytes).toBe('CONNECTED\nversion:1.2\nserver:a:b\ncontent-length:0\n\n\0');
  });
});
