/**
 * Frames encoded once per audience are the frames each subscriber got when every one was encoded
 * for it alone: random rooms (debates through to the vote, observers chatting and voting), random
 * cuts of their logs into batches, random readers, subscription ids and protocol versions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  debateTopic,
  execute,
  INITIAL_ROOM_STATE,
  legacyMessages,
  observerTopic,
  redactFor,
  roomEventsTopic,
  type Actor,
  type Command,
  type RoomEvent,
  type RoomState,
} from '@toron/engine';
import { bodyFor, legacyFrames, nativeFrames } from '../../src/debates/live/batch-frames.js';
import { frame, type StompVersion } from '../../src/stomp/frame.js';
import { messageHeadPrefix, type PreparedBody } from '../../src/stomp/message-body.js';
import { serializeFrame } from '../../src/stomp/serializer.js';

const ROOM_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const T0 = 1_767_225_600_000;
const SESSION_ID = 'Ab3-_x9QzK1L';

const actor = (userId: number): Actor => ({
  userId,
  nickname: `참가자${userId}`,
  imageUrl: userId % 2 === 0 ? `https://img.example/${userId}.png` : null,
});
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom('찬성합니다 "인용" \\ 끝', '줄\n바꿈', '🙂 이모지', '<b>굵게</b>', 'a:b\\c'),
);
const room = fc.record({
  format: fc.constantFrom('T1' as const, 'T2' as const),
  observers: fc.uniqueArray(fc.integer({ min: 20, max: 40 }), { maxLength: 6 }),
  chat: fc.array(fc.tuple(fc.nat(), text), { maxLength: 8 }),
  speeches: fc.array(text, { maxLength: 4 }),
  ballots: fc.array(fc.tuple(fc.nat(), fc.constantFrom('PRO' as const, 'CON' as const, 'NO_POSITION' as const)), {
    maxLength: 10,
  }),
  leaver: fc.option(fc.nat(), { nil: undefined }),
});

/** A room run through the engine: seats filled, chat, speeches, the whole debate by ticks, ballots, the close. */
function roomLog(r: RoomSpec): RoomEvent[] {
  const debaters = r.format === 'T1' ? [1, 2] : [1, 2, 3, 4, 5, 6];
  const log: RoomEvent[] = [];
  let state: RoomState = INITIAL_ROOM_STATE;
  let now = T0;
  const run = (command: Command) => {
    const result = execute(state, command);
    state = result.state;
    log.push(...result.events);
  };
  const settings = {
    title: '기본소득',
    description: '찬반',
    continent: 'KR',
    category: 'PO',
    format: r.format,
    secondsPerTurn: 30,
    turnsPerSide: 3,
    resultEnabled: true,
    creatorId: 1,
  };
  run({ type: 'openRoom', now, roomId: ROOM_ID, settings, timeScale: 0.001, graceSeconds: 1 });
  for (const o of r.observers) run({ type: 'joinAsObserver', now: ++now, actor: actor(o) });
  debaters.forEach((d, i) =>
    run({ type: 'joinAsDebater', now: ++now, actor: actor(d), side: i % 2 === 0 ? 'PRO' : 'CON' }),
  );
  const people = [...debaters, ...r.observers];
  for (const [who, line] of r.chat) {
    const observer = r.observers[who % Math.max(1, r.observers.length)];
    if (observer) run({ type: 'observerChat', now: ++now, actor: actor(observer), text: line });
  }
  for (let step = 0; step < 400 && state.phase !== 'voting'; step++) {
    if (state.phase === 'debating' && state.turn) {
      const speaker = state.seats[state.turn.side][0];
      const line = r.speeches[step % Math.max(1, r.speeches.length)];
      if (speaker && line) run({ type: 'speak', now: ++now, actor: actor(speaker.userId), text: line });
    }
    now += 20;
    run({ type: 'tick', now });
  }
  if (r.leaver !== undefined)
    run({ type: 'leaveAsObserver', now: ++now, actor: actor(people[r.leaver % people.length]!) });
  for (let step = 0; step < 50 && !state.vote?.open; step++) run({ type: 'tick', now: (now += 20) });
  for (const [who, choice] of r.ballots)
    run({ type: 'vote', now: ++now, actor: actor(people[who % people.length]!), choice });
  run({ type: 'tick', now: now + 60_000 });
  return log;
}
type RoomSpec = {
  format: 'T1' | 'T2';
  observers: number[];
  chat: [number, string][];
  speeches: string[];
  ballots: [number, 'PRO' | 'CON' | 'NO_POSITION'][];
  leaver: number | undefined;
};

/** Cuts a log into consecutive batches at the given points. */
function batches(log: readonly RoomEvent[], cuts: readonly number[]): RoomEvent[][] {
  const points = [...new Set(cuts.map((c) => c % (log.length + 1)))].sort((a, b) => a - b);
  const out: RoomEvent[][] = [];
  let from = 0;
  for (const p of [...points, log.length]) {
    if (p > from) out.push(log.slice(from, p));
    from = Math.max(from, p);
  }
  return out;
}

/** The frame as it was built for one subscriber before: its own JSON, its own serialisation. */
function perSubscriber(subscriptionId: string, n: number, destination: string, json: string, v: StompVersion): Buffer {
  const headers: [string, string][] = [
    ['subscription', subscriptionId],
    ['message-id', `${SESSION_ID}-${n}`],
    ['destination', destination],
    ['content-type', 'application/json;charset=utf-8'],
  ];
  return serializeFrame(frame('MESSAGE', headers, json), v);
}
/**
 * The frame as it is written now: the subscription's head prefix, the message number and a line
 * end, then the tail shared by everyone (joined by outgoing-frames, whose own test checks the join).
 */
const spliced = (subscriptionId: string, n: number, destination: string, body: PreparedBody, v: StompVersion) =>
  Buffer.concat([
    messageHeadPrefix(subscriptionId, SESSION_ID, v),
    Buffer.from(`${n}\n`),
    body.tailFor(destination, v),
  ]);

const reader = fc.record({
  userId: fc.integer({ min: 1, max: 45 }),
  subscriptionId: fc.oneof(fc.constantFrom('sub-0', 'room:1', 'a\\b\nc', '구독'), fc.string({ maxLength: 8 })),
  version: fc.constantFrom<StompVersion>('1.2', '1.1', '1.0'),
});

describe('frames encoded once per audience', () => {
  it('equal every reader’s own encoding of the native stream, byte for byte, redaction included', () => {
    fc.assert(
      fc.property(
        room,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(reader, { minLength: 1, maxLength: 3 }),
        (r, cuts, readers) => {
          const log = roomLog(r);
          const destination = roomEventsTopic(ROOM_ID);
          for (const batch of batches(log, cuts)) {
            const frames = nativeFrames(batch);
            expect(frames.map((f) => f.seq)).toEqual(batch.map((e) => e.seq));
            for (const { userId, subscriptionId, version } of readers) {
              batch.forEach((event, i) => {
                const own = JSON.stringify(redactFor(event, { userId }));
                const body = bodyFor(frames[i]!, { userId });
                expect(body.bytes.toString('utf8')).toBe(own);
                expect(spliced(subscriptionId, i + 1, destination, body, version)).toEqual(
                  perSubscriber(subscriptionId, i + 1, destination, own, version),
                );
              });
            }
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('equal the legacy topics’ bodies and frames of every batch, in order', () => {
    fc.assert(
      fc.property(room, fc.array(fc.nat(), { maxLength: 12 }), reader, (r, cuts, { subscriptionId, version }) => {
        for (const batch of batches(roomLog(r), cuts)) {
          const expected = legacyMessages(ROOM_ID, batch);
          const frames = legacyFrames(ROOM_ID, batch);
          for (const topic of ['debate', 'observer'] as const) {
            const destination = topic === 'debate' ? debateTopic(ROOM_ID) : observerTopic(ROOM_ID);
            const bodies = expected.filter((m) => m.topic === topic).map((m) => JSON.stringify(m.body));
            expect(frames[topic].map((b) => b.bytes.toString('utf8'))).toEqual(bodies);
            frames[topic].forEach((body, i) =>
              expect(spliced(subscriptionId, i + 7, destination, body, version)).toEqual(
                perSubscriber(subscriptionId, i + 7, destination, bodies[i]!, version),
              ),
            );
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('hides every other voter’s choice and shows the reader their own', () => {
    const log = roomLog({
      format: 'T1',
      observers: [21, 22],
      chat: [],
      speeches: ['발언'],
      ballots: [
        [2, 'PRO'],
        [3, 'CON'],
      ],
      leaver: undefined,
    });
    const ballots = nativeFrames(log).filter((f) => f.own);
    expect(ballots.map((f) => f.own?.userId)).toEqual([21, 22]);
    const seen = (userId: number) => ballots.map((f) => JSON.parse(bodyFor(f, { userId }).bytes.toString()).choice);
    expect(seen(21)).toEqual(['PRO', null]);
    expect(seen(22)).toEqual([null, 'CON']);
    expect(seen(1)).toEqual([null, null]);
  });
});
