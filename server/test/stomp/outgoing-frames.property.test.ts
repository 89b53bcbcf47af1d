/**
 * A turn's frames written as one buffer are the very bytes `ws` would have written for them sent
 * together as one message (a Buffer: a final binary frame, unmasked from the server), whatever
 * their sizes — the 7-bit, 16-bit and 64-bit length forms included — and whether they came whole
 * or as a subscription's head prefix, a message number and a shared tail; and a STOMP parser reads
 * from that message every frame, in order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { OutgoingFrames } from '../../src/stomp/outgoing-frames.js';
import { FrameParser } from '../../src/stomp/parser.js';

type FrameOptions = { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean };
/** ws exports its Sender at run time; its type declarations leave it out. */
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

/** What `ws` writes to the socket for `ws.send(bytes)` on a server socket without compression. */
const wsFrame = (bytes: Buffer): Buffer =>
  Buffer.concat(Sender.frame(bytes, { fin: true, opcode: 2, mask: false, readOnly: false, rsv1: false }));

/** Lengths around each boundary of the WebSocket length forms, and some anywhere. */
const length = fc.oneof(
  fc.integer({ min: 0, max: 200 }),
  fc.integer({ min: 65_530, max: 65_540 }),
  fc.integer({ min: 0, max: 70_000 }),
);
const message = fc.record({
  /** Absent: a message given whole; else a MESSAGE frame's head prefix and message number. */
  head: fc.option(
    fc.record({
      prefix: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('MESSAGE\nsubscription:구독\nmessage-id:s-')),
      n: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.nat()),
    }),
  ),
  body: length.chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
});
/** The bytes of the message as the recipient reads them: head prefix, number, line end, body. */
/** The payload of one unmasked WebSocket frame that must fill `frame` exactly. */
function payloadOf(frame: Buffer): Buffer {
  const short = frame[1]! & 0x7f;
  const offset = short < 126 ? 2 : short === 126 ? 4 : 10;
  const length = short < 126 ? short : short === 126 ? frame.readUInt16BE(2) : Number(frame.readBigUInt64BE(2));
  expect(frame.byteLength).toBe(offset + length);
  return frame.subarray(offset);
}
const joined = ({ head, body }: { head: { prefix: string; n: number } | null; body: Uint8Array }) =>
  Buffer.concat([Buffer.from(head ? `${head.prefix}${head.n}\n` : '', 'utf8'), Buffer.from(body)]);

describe('outgoing frames', () => {
  it('equal ws’s own message of them all, in order, byte for byte', () => {
    // One queue for every run: its slots are reused from one take to the next, as a connection's are.
    const outgoing = new OutgoingFrames();
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 6 }), (messages) => {
        for (const { head, body } of messages) {
          if (head) outgoing.pushMessage(Buffer.from(head.prefix, 'utf8'), head.n, Buffer.from(body));
          else outgoing.push(Buffer.from(body));
        }
        const whole = messages.map(joined);
        expect(outgoing.bytes).toBe(whole.reduce((a, b) => a + b.byteLength, 0));
        expect(outgoing.take().equals(wsFrame(Buffer.concat(whole)))).toBe(true);
        expect(outgoing.empty).toBe(true);
        expect(outgoing.bytes).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('read by a STOMP parser, give back every frame of the turn in order, heart-beats between them', () => {
    const outgoing = new OutgoingFrames();
    const delivery = fc.record({
      subscription: fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/[\n\r:\\]/g, '_')),
      n: fc.nat(),
      text: fc.string({ maxLength: 300 }).map((s) => s.replace(/\0/g, '')),
      beatBefore: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(delivery, { minLength: 1, maxLength: 8 }), (deliveries) => {
        for (const { subscription, n, text, beatBefore } of deliveries) {
          if (beatBefore) outgoing.push(Buffer.from('\n'));
          const prefix = Buffer.from(`MESSAGE\nsubscription:${subscription}\nmessage-id:m-`, 'utf8');
          outgoing.pushMessage(prefix, n, Buffer.from(`destination:/topic/t\n\n${text}\0`, 'utf8'));
        }
        const parser = new FrameParser();
        parser.push(payloadOf(outgoing.take()));
        for (const { subscription, n, text } of deliveries) {
          const frame = parser.next();
          expect(frame?.command).toBe('MESSAGE');
          expect(frame?.headers).toEqual([
            ['subscription', subscription],
            ['message-id', `m-${n}`],
            ['destination', '/topic/t'],
          ]);
          expect(Buffer.from(frame!.body).toString('utf8')).toBe(text);
        }
        expect(parser.next()).toBeNull();
      }),
      { numRuns: 150 },
    );
  });
});
