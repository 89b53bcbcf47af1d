/**
 * STOMP fuzzing while real rooms run: two 1:1 debates in progress (real clients on the legacy
 * channels), an observer, a room-list watcher and a notification socket. Raw `ws` connections
 * to every STOMP endpoint send random and malformed frames. Each offending connection is closed
 * (after an ERROR frame with a Korean message when the protocol was broken), never with 1011
 * (the server's own failure); the bystanders stay connected and the debates keep turning.
 */
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, Live, sleep, startDebateServer, until } from '../debates/support.js';
import type { Session, TestServer } from '../support/server.js';
import { FrameParser } from '../../src/stomp/parser.js';
import type { Frame } from '../../src/stomp/frame.js';

let server: TestServer;
let attacker: Session;
let rooms: string[];
const bystanders: Live[] = [];
const HANGUL = /[\uAC00-\uD7A3]/;

/** Connects a bystander that records everything. */
async function bystander(path: string, token: string, headers: Record<string, string> = {}): Promise<Live> {
  const live = await Live.connect(server, path, token, headers);
  bystanders.push(live);
  return live;
}

beforeAll(async () => {
  server = await startDebateServer({ RATE_LIMIT_SIGN_IN: '1000/1m', RATE_LIMIT_ROOM_CREATION: '1000/1m' });
  const people: Session[] = [];
  for (let i = 0; i < 6; i++) people.push(await server.signUpMember(`stomp-fuzz-${process.pid}-${i}`, `스톰프${i}`));
  attacker = people[5]!;
  rooms = [];
  // Two debates of 10 turns per side (600 ms a turn at this scale): they run through the whole fuzz.
  const pairs: [Session, Session][] = [
    [people[0]!, people[1]!],
    [people[2]!, people[3]!],
  ];
  for (const [pro, con] of pairs) {
    const roomId = await createRoom(server, pro.accessToken, { speakCount: 'TEN', resultEnabled: false });
    const topic = `/topic/debate/${roomId}`;
    (await bystander(`/debate/${roomId}`, pro.accessToken, { position: 'pro' })).subscribe(topic);
    (await bystander(`/debate/${roomId}`, con.accessToken, { position: 'con' })).subscribe(topic);
    rooms.push(roomId);
  }
  const watcher = people[4]!;
  (await bystander(`/observer/${rooms[0]}`, watcher.accessToken)).subscribe(`/topic/observer/${rooms[0]}`);
  (await bystander('/room-list/filtered', watcher.accessToken)).subscribe('/topic/filteredStatus');
  (await bystander('/ws/notifications', watcher.accessToken)).subscribe('/user/queue/notifications');
  await until(() => bystanders[0]!.on(`/topic/debate/${rooms[0]}`).some((b) => b.event === 'TURN'), 15_000);
}, 60_000);
afterAll(async () => {
  for (const b of bystanders) await b.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

type Outcome = { closeCode: number | null; frames: Frame[] };

/** Opens a raw socket, sends the chunks (text or bytes) in order, and waits up to `waitMs` for the close. */
async function attack(path: string, chunks: readonly (string | Buffer)[], waitMs: number): Promise<Outcome> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}${path}`, ['v12.stomp', 'v11.stomp', 'v10.stomp']);
  const parser = new FrameParser({
    maxFrameBytes: 1 << 20,
    maxBodyBytes: 1 << 20,
    maxHeaders: 1000,
    maxHeaderLineBytes: 1 << 20,
    maxPendingBytes: 1 << 22,
  });
  const frames: Frame[] = [];
  let closeCode: number | null = null;
  const closed = new Promise<void>((resolve) => ws.on('close', (code) => ((closeCode = code), resolve())));
  ws.on('message', (data: Buffer) => {
    try {
      parser.push(data);
      for (let f = parser.next(); f; f = parser.next()) frames.push(f);
    } catch {
      // The server's own frames always parse; a heart-beat EOL alone is skipped by the parser.
    }
  });
  ws.on('error', () => {});
  const opened = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('close', () => resolve(false));
  });
  if (opened) for (const c of chunks) if (ws.readyState === WebSocket.OPEN) ws.send(c);
  await Promise.race([closed, sleep(waitMs)]);
  if (closeCode === null) ws.terminate();
  return { closeCode, frames };
}

const connectFrame = (token: string, extra = '') =>
  `CONNECT\naccept-version:1.2\nhost:localhost\nAuthorization:Bearer ${token}\n${extra}\n\0`;
const cmd = fc.constantFrom(
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
  'MESSAGE',
  'ERROR',
  'connect',
  'HELLO',
  '',
);
const headerText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    'destination:/app/debate/x',
    'content-length:-1',
    'content-length:99999999',
    'content-length:abc',
    'id:',
    'bad\\qescape:1',
    'k:v\\',
    'receipt:r',
    'noColon',
    ':',
    'accept-version:9.9',
    'heart-beat:-1,x',
    `x:${'y'.repeat(5000)}`,
  ),
);
const destination = (roomId: string) =>
  fc.constantFrom(
    `/app/debate/${roomId}`,
    `/app/observer/${roomId}`,
    `/topic/debate/${roomId}`,
    '/app/filteredUpdate',
    `/app/rooms/${roomId}/join`,
    `/app/rooms/${roomId}/chat`,
    `/app/rooms/${roomId}/vote`,
    `/app/rooms/${roomId}/leave`,
    '/app/unknown',
    '/topic/../../etc',
    '/user/queue/notifications',
    `/topic/rooms/${roomId}/events`,
    '',
  );
const junkJson = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.constantFrom(
    '{"event":"MESSAGE","message":"' + 'x'.repeat(3000) + '"}',
    '{"event":"MESSAGE","userName":"관리자","position":"pro","message":"가짜"}',
    '{',
    'null',
    '{"side":"PRO"}',
    '{"vote":"PRO"}',
  ),
);

/** Frames that break the protocol for certain: the connection must end with an ERROR frame (or at once). */
const brokenChunks = (token: string) =>
  fc.oneof(
    fc
      .uint8Array({ minLength: 1, maxLength: 300 })
      .map((b) => [Buffer.concat([Buffer.from([0x01]), Buffer.from(b), Buffer.from([0])])]),
    fc
      .tuple(
        cmd.filter((c) => c !== 'CONNECT' && c !== 'STOMP'),
        fc.array(headerText, { maxLength: 4 }),
      )
      .map(([c, hs]) => [`${c}\n${hs.join('\n')}\n\n\0`]),
    fc.constantFrom(
      [connectFrame(token), connectFrame(token)],
      [connectFrame(token), 'SEND\ndestination:/app/x\ncontent-length:2\n\nabcd\0'],
      [connectFrame(token), 'SUBSCRIBE\ndestination:/topic/x\nid:1\nbad\\qescape:1\n\n\0'],
      [connectFrame(token), 'SUBSCRIBE\nid:1\n\n\0'],
      [connectFrame(token), `SEND\ndestination:/app/x\n\n${'x'.repeat(70 * 1024)}\0`],
      [
        connectFrame(token),
        Buffer.concat([Buffer.from('SEND\ndestination:/app/\xff\xfe\n\n', 'latin1'), Buffer.from([0])]),
      ],
      [connectFrame(token), 'FLY\n\n\0'],
      [connectFrame(token), `SEND\n${Array.from({ length: 100 }, (_, i) => `h${i}:v`).join('\n')}\n\n\0`],
      [`CONNECT\naccept-version:9.9\nAuthorization:Bearer ${token}\n\n\0`],
      ['CONNECT\naccept-version:1.2\nAuthorization:Bearer not-a-token\n\n\0'],
      ['CONNECT\naccept-version:1.2\n\n\0'],
      [`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${'a'.repeat(5000)}\n\n\0`],
    ),
  );

/** Well-formed frames with junk meaning (unknown or forbidden destinations, junk JSON, out of order). */
const junkChunks = (token: string, roomId: string) =>
  fc
    .array(
      fc.oneof(
        fc
          .tuple(destination(roomId), junkJson)
          .map(([d, body]) => `SEND\ndestination:${d}\ncontent-type:application/json\n\n${body.replace(/\0/g, '')}\0`),
        fc.tuple(destination(roomId), fc.nat(5)).map(([d, id]) => `SUBSCRIBE\ndestination:${d}\nid:${id}\n\n\0`),
        fc.nat(5).map((id) => `UNSUBSCRIBE\nid:${id}\n\n\0`),
        fc.constantFrom('ACK\nid:1\n\n\0', 'NACK\nid:x\n\n\0', '\n', '\r\n'),
      ),
      { minLength: 1, maxLength: 8 },
    )
    .map((frames) => [connectFrame(token), ...frames]);

const endpoints = () => [
  `/debate/${rooms[0]}`,
  `/observer/${rooms[1]}`,
  '/room-list/filtered?continent=%ZZ&category=x',
  '/ws',
  '/ws/notifications',
];
let turnsAtStart: number[] = [];
const turns = () =>
  rooms.map((r, i) => bystanders[i * 2]!.on(`/topic/debate/${r}`).filter((b) => b.event === 'TURN').length);

describe('STOMP fuzzing while debates run', () => {
  it('broken frames close only the offending connection (ERROR with a Korean message first, never 1011)', async () => {
    turnsAtStart = turns();
    for (const path of endpoints()) {
      await fc.assert(
        fc.asyncProperty(brokenChunks(attacker.accessToken), async (chunks) => {
          const out = await attack(path, chunks, 3000);
          expect(out.closeCode, `${path}: ${JSON.stringify(chunks).slice(0, 200)}`).not.toBeNull();
          expect(out.closeCode).not.toBe(1011);
          const error = out.frames.find((f) => f.command === 'ERROR');
          if (error)
            expect(HANGUL.test(error.headers.find(([k]) => k === 'message')?.[1] ?? ''), `${path}: ERROR message`).toBe(
              true,
            );
        }),
        { numRuns: 12 },
      );
    }
  }, 60_000);

  it('junk destinations and bodies never crash a session, and nobody else hears them', async () => {
    const heardBefore = bystanders.map((b) => b.received.length);
    for (const path of endpoints()) {
      await fc.assert(
        fc.asyncProperty(junkChunks(attacker.accessToken, rooms[0]!), async (chunks) => {
          const out = await attack(path, chunks, 150);
          expect(out.closeCode ?? 1000, `${path}: ${JSON.stringify(chunks).slice(0, 200)}`).not.toBe(1011);
          const error = out.frames.find((f) => f.command === 'ERROR');
          if (error) expect(HANGUL.test(error.headers.find(([k]) => k === 'message')?.[1] ?? '')).toBe(true);
        }),
        { numRuns: 12 },
      );
    }
    // The attacker is no debater: nothing it sent reached a room's topic as a chat message.
    const chats = bystanders
      .flatMap((b, i) => b.received.slice(heardBefore[i]).map((r) => r.body))
      .filter((b) => b?.event === 'MESSAGE');
    expect(chats.filter((c) => c.userName === attacker.nickname || c.message === '가짜')).toEqual([]);
  }, 60_000);

  it('the bystanders are still connected, the debates still turn, and the server is healthy', async () => {
    // Turns came during the fuzzing, and keep coming after it (until a debate ends).
    expect(
      turns().every((n, i) => n > turnsAtStart[i]!),
      `turns at start ${turnsAtStart.join(',')}, now ${turns().join(',')}`,
    ).toBe(true);
    const now = turns();
    await until(
      () =>
        turns().every(
          (n, i) =>
            n > now[i]! ||
            bystanders[i * 2]!.on(`/topic/debate/${rooms[i]}`).some(
              (b) => b.event === 'STATUS' && b.status === 'CLOSED',
            ),
        ),
      10_000,
    );
    expect(bystanders.map((b) => b.closedCode)).toEqual(bystanders.map(() => null));
    expect(bystanders.every((b) => b.client.connected)).toBe(true);
    expect((await server.call('GET', '/healthz')).status).toBe(200);
    // A fresh, well-behaved client still gets in.
    const late = await Live.connect(server, '/room-list/filtered', attacker.accessToken);
    late.subscribe('/topic/filteredStatus');
    late.send('/app/filteredUpdate', {});
    await late.waitFor('/topic/filteredStatus', (bs) => bs.length > 0);
    await late.leave();
  }, 30_000);
});
