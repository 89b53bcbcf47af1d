import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StompProtocolError } from '../../src/stomp/errors.js';
import { FrameParser } from '../../src/stomp/parser.js';
import { serializeFrame } from '../../src/stomp/serializer.js';
import {
  anyFrame,
  encodeNulTerminated,
  eols,
  ESCAPED_COMMANDS,
  escapedHeader,
  parseChunks,
  plain,
  splitAt,
  withLength,
} from './codec-helpers.js';

const RUNS = { numRuns: 300 };

describe('STOMP codec properties', () => {
  it('round-trips any frame through serialize → parse (escaping, Korean text, NUL in bodies)', () => {
    fc.assert(
      fc.property(anyFrame, (f) => {
        expect(plain(parseChunks([serializeFrame(f, '1.2')]))).toEqual(plain([withLength(f)]));
      }),
      RUNS,
    );
  });

  it('round-trips STOMP 1.1 escaping (no \\r escape in 1.1)', () => {
    const noCr = anyFrame.filter((f) => f.headers.every(([n, v]) => !n.includes('\r') && !v.includes('\r')));
    fc.assert(
      fc.property(noCr, (f) => {
        const parser = new FrameParser(undefined, '1.1');
        parser.push(serializeFrame(f, '1.1'));
        expect(plain([parser.next()!])).toEqual(plain([withLength(f)]));
      }),
      RUNS,
    );
  });

  it('parses the same frames however the stream is split, joined and padded with heart-beat EOLs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(eols, anyFrame), { minLength: 1, maxLength: 6 }),
        eols,
        fc.array(fc.nat(), { maxLength: 20 }),
        (items, trailing, cuts) => {
          const stream = Buffer.concat([
            ...items.flatMap(([eol, f]) => [Buffer.from(eol), serializeFrame(f, '1.2')]),
            Buffer.from(trailing),
          ]);
          const expected = plain(items.map(([, f]) => withLength(f)));
          expect(plain(parseChunks(splitAt(stream, cuts)))).toEqual(expected);
          expect(plain(parseChunks([...stream].map((b) => Uint8Array.of(b))))).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('parses NUL-terminated bodies with LF or CRLF line ends, split anywhere', () => {
    const nulFree = fc.record({
      command: fc.constantFrom(...ESCAPED_COMMANDS),
      headers: fc.array(escapedHeader, { maxLength: 6 }),
      body: fc.uint8Array({ maxLength: 200 }).map((b) => b.map((x) => x || 1)),
    });
    fc.assert(
      fc.property(
        fc.array(nulFree, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('\n' as const, '\r\n' as const),
        fc.array(fc.nat(), { maxLength: 10 }),
        (frames, eol, cuts) => {
          const stream = Buffer.concat(
            frames.map((f) => Buffer.concat([encodeNulTerminated(f, eol), Buffer.from(eol)])),
          );
          expect(plain(parseChunks(splitAt(stream, cuts)))).toEqual(plain(frames));
        },
      ),
      RUNS,
    );
  });

  it('never throws anything but StompProtocolError on garbage, and always returns', () => {
    const token = fc.oneof(
      fc.constantFrom(
        'SEND',
        'CONNECT',
        'MESSAGE',
        '\n',
        '\r\n',
        '\r',
        ':',
        '\\',
        '\\c',
        '\\t',
        '\0',
        'content-length:',
        '3',
        '-1',
        '99999999999',
        '가',
        'destination:/a',
      ),
      fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b).toString('latin1')),
    );
    const garbage = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc.array(token, { maxLength: 60 }).map((t) => Buffer.from(t.join(''), 'latin1')),
      fc.array(token, { maxLength: 60 }).map((t) => Buffer.from(t.join(''), 'utf8')),
    );
    const limits = {
      maxFrameBytes: 256,
      maxBodyBytes: 128,
      maxHeaders: 4,
      maxHeaderLineBytes: 64,
      maxPendingBytes: 1024,
    };
    fc.assert(
      fc.property(garbage, fc.array(fc.nat(), { maxLength: 8 }), (bytes, cuts) => {
        const parser = new FrameParser(limits);
        let pulls = 0;
        try {
          for (const chunk of splitAt(bytes, cuts)) {
            parser.push(chunk);
            while (parser.next())
              if (++pulls > bytes.length + 1) throw new Error('parser produced more frames than bytes');
          }
        } catch (error) {
          if (!(error instanceof StompProtocolError)) throw error;
          // a failed parser stays failed with the same typed error
          expect(() => parser.next()).toThrow(error);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
