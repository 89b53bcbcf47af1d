/**
 * What one member can hold on the live endpoints, tried as an attacker would, each while a
 * bystander keeps heart-beating and chatting in another room: connections per user and per
 * address, sockets that answer no ping, readers that stop reading (one budget for every
 * connection's waiting bytes), replays of a large room (in chunks, one per room and connection,
 * a few per user at once). Figures are printed, never timed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEventsTopic } from '@toron/engine';
import { actorOf } from '../../src/debates/people.js';
import { createRoom, members, sleep, until } from '../debates/support.js';
import { connectFrame, rawSocket, type RawSocket } from '../stomp/harness.js';
import { Bystander, expectServed } from '../support/bystander.js';
import type { Session, TestServer } from '../support/server.js';
import { startTestServer } from '../support/server.js';

const BUDGET_MB = 2;
let server: TestServer;
let bystander: Bystander;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    LIVE_CONNECTIONS_PER_USER: '4',
    LIVE_CONNECTIONS_PER_ADDRESS: '60',
    LIVE_PING_SECONDS: '0.4',
    LIVE_OUTBOUND_BUDGET_MB: String(BUDGET_MB),
    LIVE_REPLAYS_PER_USER: '2',
  });
  bystander = await Bystander.start(server);
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  if (bystander) expectServed(await bystander.stop('live resources'));
  await server?.stop();
});

const url = (path = '/ws') => `${server.url.replace('http', 'ws')}${path}`;
const message = (s: RawSocket, command: string) => s.frames.find((f) => f.command === command);
const header = (s: RawSocket, name: string) => message(s, 'ERROR')?.headers.find(([n]) => n === name)?.[1];
const bodyOf = (f: { body: Uint8Array }) => JSON.parse(Buffer.from(f.body).toString('utf8')) as Record<string, unknown>;

/** A raw native connection of `who`, CONNECTed with the given heart-beat; resolves once CONNECTED or closed. */
async function connectAs(who: Session | null, heartBeat = '10000,10000', options = {}): Promise<RawSocket> {
  const s = await rawSocket(url(), ['v12.stomp'], options);
  sockets.push(s);
  if (!who) {
    await sleep(30); // long enough for a refusal to arrive
    return s;
  }
  s.send(connectFrame({ Authorization: `Bearer ${who.accessToken}`, 'heart-beat': heartBeat }));
  await until(() => s.frames.length > 0 || s.ws.readyState !== s.ws.OPEN, 10_000);
  return s;
}
const closeAll = async () => {
  const open = sockets.splice(0);
  for (const s of open) s.ws.terminate();
  await Promise.all(open.map((s) => s.closed));
  await sleep(100); // the server has seen them go
};

/** A room whose log holds `lines` observer chat lines of 500 Korean characters (about 1.6 KB each). */
async function largeRoom(lines: number): Promise<string> {
  const [owner, talker] = await members(server, 2, '대화');
  const roomId = await createRoom(server, owner!.accessToken);
  const { directory } = server.deps.debates;
  const actor = actorOf((await server.deps.storage.users.findById(talker!.userId))!, server.deps.config.publicUrl);
  await directory.dispatch(roomId, { type: 'joinAsObserver', actor });
  for (let i = 0; i < lines; i++)
    await directory.dispatch(roomId, { type: 'observerChat', actor, text: `${i} ${'가'.repeat(495)}` });
  return roomId;
}
const subscribeFrame = (roomId: string, id = 's') =>
  `SUBSCRIBE\nid:${id}\ndestination:${roomEventsTopic(roomId)}\nfrom-seq:1\n\n\0`;

describe('connections per user and per address', () => {
  it('refuses a user’s connection over the limit (Korean ERROR, 1013); a closed one frees its place', async () => {
    const [user] = await members(server, 1, '다중');
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await connectAs(user!));
    expect(held.map((s) => s.frames[0]?.command)).toEqual(['CONNECTED', 'CONNECTED', 'CONNECTED', 'CONNECTED']);
    const fifth = await connectAs(user!);
    expect(await fifth.closed).toBe(1013);
    expect(header(fifth, 'message')).toBe(
      '동시에 열린 연결이 너무 많습니다. 다른 창이나 기기의 연결을 닫은 뒤 다시 시도해 주세요.',
    );
    held[0]!.ws.terminate();
    await held[0]!.closed;
    await until(async () => (await connectAs(user!)).frames[0]?.command === 'CONNECTED');
    console.log(`[live resources] one user: 4 connections held, the 5th refused with 1013`);
    await closeAll();
  });

  it('refuses sockets from one address over the limit before any CONNECT, takes new ones once they close', async () => {
    let accepted = 0;
    let refused: RawSocket | null = null;
    while (!refused && accepted < 100) {
      const s = await connectAs(null);
      if (s.ws.readyState === s.ws.OPEN && s.frames.length === 0) accepted++;
      else refused = s;
    }
    expect(refused).not.toBeNull();
    expect(await refused!.closed).toBe(1013);
    expect(header(refused!, 'message')).toBe('이 주소에서 열린 연결이 너무 많습니다. 잠시 후 다시 시도해 주세요.');
    expect(accepted).toBeLessThan(60);
    console.log(`[live resources] one address: ${accepted} more sockets accepted beside the bystander's, then 1013`);
    await closeAll();
    const [user] = await members(server, 1, '복귀');
    expect((await connectAs(user!)).frames[0]?.command).toBe('CONNECTED');
    await closeAll();
  });
});

describe('sockets without heart-beats', () => {
  it('closes one that answers no WebSocket ping and keeps one that does', async () => {
    const [a, b] = await members(server, 2, '핑');
    const started = performance.now();
    const silent = await connectAs(a!, '0,0', { autoPong: false });
    const answering = await connectAs(b!, '0,0');
    expect([silent.frames[0]?.command, answering.frames[0]?.command]).toEqual(['CONNECTED', 'CONNECTED']);
    await silent.closed;
    const after = performance.now() - started;
    await sleep(1_000);
    expect(answering.ws.readyState).toBe(answering.ws.OPEN);
    console.log(
      `[live resources] a socket that answers no ping closed after ${Math.round(after)} ms (pings every 400 ms)`,
    );
    await closeAll();
  });
});

describe('large replays', () => {
  let roomId: string;
  let total: number;
  beforeAll(async () => {
    const started = performance.now();
    roomId = await largeRoom(5_000);
    total = (await server.deps.storage.roomEvents.load(roomId)).length;
    console.log(`[live resources] a room of ${total} events written in ${Math.round(performance.now() - started)} ms`);
  }, 120_000);

  it('replays once per connection however often it subscribes, in chunks, while the bystander is served', async () => {
    const readers = await members(server, 3, '재생');
    const conns = await Promise.all(readers.map((r) => connectAs(r)));
    const started = performance.now();
    for (const c of conns) for (let i = 0; i < 32; i++) c.send(subscribeFrame(roomId, `s${i}`));
    const events = (c: RawSocket) => c.frames.filter((f) => f.command === 'MESSAGE' && bodyOf(f).type !== undefined);
    await until(() => conns.every((c) => events(c).length >= total), 60_000);
    const took = performance.now() - started;
    for (const c of conns) {
      const refusals = c.frames.filter((f) => f.command === 'MESSAGE' && bodyOf(f).ok === false).map(bodyOf);
      expect(refusals).toHaveLength(31);
      expect(new Set(refusals.map((r) => r.code))).toEqual(new Set(['ALREADY_SUBSCRIBED']));
      expect(events(c).map((f) => bodyOf(f).seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    }
    console.log(
      `[live resources] 3 connections × 32 SUBSCRIBEs of a ${total}-event room:`,
      `3 replays in ${Math.round(took)} ms, 93 refused`,
    );
    await closeAll();
  }, 90_000);

  it('lets a user run two replays at once and refuses a third with REPLAY_BUSY', async () => {
    const [user] = await members(server, 1, '동시');
    const [first, second, third] = [await connectAs(user!), await connectAs(user!), await connectAs(user!)];
    for (const reader of [first, second]) {
      reader.send(subscribeFrame(roomId));
      reader.ws.pause(); // stops reading: its replay waits for it
    }
    await sleep(300);
    third.send(subscribeFrame(roomId));
    await until(() => third.frames.some((f) => f.command === 'MESSAGE'));
    expect(bodyOf(third.frames.find((f) => f.command === 'MESSAGE')!)).toEqual({
      roomId,
      ok: false,
      code: 'REPLAY_BUSY',
      message: '이전 기록을 아직 보내는 중입니다. 잠시 후 다시 시도해 주세요.',
    });
    await closeAll();
  }, 30_000);

  it('closes the slowest readers first once all waiting bytes pass the budget', async () => {
    const readers = await members(server, 8, '느림');
    const conns = await Promise.all(readers.map((r) => connectAs(r)));
    // The server's side of each connection (a paused client does not read its own close).
    const open = () => [...server.wss.clients].filter((ws) => ws.readyState === ws.OPEN).length;
    const before = open();
    for (const c of conns) {
      c.send(subscribeFrame(roomId));
      c.ws.pause(); // stops reading: the replay waits for it with up to a chunk queued
    }
    await until(() => before - open() >= 3, 30_000);
    await sleep(1_000);
    const shed = before - open();
    expect(shed).toBeLessThan(8);
    console.log(
      `[live resources] 8 readers that stopped reading an 8 MB replay: ${shed} closed by the ${BUDGET_MB} MB budget`,
    );
    await closeAll();
  }, 60_000);
});
