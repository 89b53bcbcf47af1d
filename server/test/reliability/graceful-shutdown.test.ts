/**
 * Graceful shutdown: SIGTERM while rooms are live and clients chat. New connections are refused
 * from the moment clients are told to go, every STOMP client (native, legacy, notifications) is
 * closed with 1012 (service restart: reconnect), nothing about the forced disconnects is recorded,
 * the process exits 0 within 10 s, and after a restart the rooms carry on to their end.
 */
import { get } from 'node:http';
import { replay } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom } from '../../loadtest/identity.js';
import { StompClient } from '../../loadtest/stomp-client.js';
import { freshDatabase, type FreshDatabase } from '../support/engines.js';
import {
  connectAll,
  members,
  Participant,
  readLogs,
  startServer,
  unlogged,
  until,
  type ChildServer,
} from './support.js';

let database: FreshDatabase;
beforeAll(async () => {
  database = await freshDatabase('sqlite');
});
const servers: ChildServer[] = [];
const everyone: Participant[] = [];
const others: StompClient[] = [];

afterAll(async () => {
  for (const p of everyone) p.close();
  for (const c of others) c.terminate();
  for (const s of servers) await s.kill('SIGKILL');
  await database?.drop();
});

/** What a new connection attempt gets: 'refused' when nothing accepts it, else the HTTP status or 'connected'. */
function httpAttempt(url: string): Promise<string> {
  return new Promise((resolve) => {
    // A fresh connection (no pooled keep-alive socket), as a new visitor would open.
    const req = get(`${url}/healthz`, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ECONNREFUSED' ? 'refused' : `failed: ${err.message}`),
    );
  });
}
async function stompAttempt(url: string, token: string): Promise<string> {
  try {
    const c = await StompClient.connect(`${url.replace('http', 'ws')}/ws`, token, {}, 5_000);
    others.push(c);
    return 'connected';
  } catch (err) {
    return /ECONNREFUSED/.test((err as Error).message) ? 'refused' : (err as Error).message;
  }
}

describe('SIGTERM with live rooms', () => {
  it('refuses new connections, closes sockets with 1012, records nothing, exits in 10 s; rooms resume', async () => {
    const first = await startServer(database);
    servers.push(first);
    const people = await members(first, 10);
    const rooms: Participant[][] = [];
    for (let i = 0; i < 3; i++) {
      const [pro, con, observer] = [people[3 * i]!, people[3 * i + 1]!, people[3 * i + 2]!];
      const id = await createRoom(first.url, pro.accessToken, {
        title: `종료 시험 ${i}`,
        time: 'T5',
        speakCount: 'THREE',
        resultEnabled: false,
      });
      rooms.push([
        new Participant(pro, id, { kind: 'debater', side: 'PRO' }),
        new Participant(con, id, { kind: 'debater', side: 'CON' }),
        new Participant(observer, id, { kind: 'observer' }),
      ]);
    }
    everyone.push(...rooms.flat());
    await connectAll(first, everyone);
    for (const p of everyone) p.chat(700);
    // Beside them: a legacy observer connection and a notification socket.
    const visitor = people[9]!;
    const legacy = await StompClient.connect(
      `${first.url.replace('http', 'ws')}/observer/${rooms[0]![0]!.roomId}`,
      visitor.accessToken,
    );
    await legacy.subscribe(`/topic/observer/${rooms[0]![0]!.roomId}`, () => {});
    const bell = await StompClient.connect(`${first.url.replace('http', 'ws')}/ws/notifications`, visitor.accessToken);
    await bell.subscribe('/user/queue/notifications', () => {});
    others.push(legacy, bell);
    await until(
      () => everyone.every((p) => p.seen.some((e) => e.type === 'TurnStarted' && e.index >= 1)),
      'the debates to be under way',
    );

    const signalled = performance.now();
    first.process.kill('SIGTERM');
    // Once the first client has been told to reconnect, nothing new gets in.
    await until(() => everyone.some((p) => p.closed !== null), 'the first client to be told to go', 10_000);
    expect(await httpAttempt(first.url)).toBe('refused');
    expect(await stompAttempt(first.url, visitor.accessToken)).toBe('refused');

    const exit = await first.exited;
    const exitMs = exit.at - signalled;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(10_000);
    const closes = await Promise.all([...everyone.map((p) => p.client!.closed), legacy.closed, bell.closed]);
    expect(closes.map((c) => c.code)).toEqual(closes.map(() => 1012));

    // Every room's log is whole, holds everything clients saw, and says nothing about the forced disconnects.
    const ids = rooms.map((r) => r[0]!.roomId);
    const atStop = await readLogs(database, ids);
    for (const p of everyone) expect(unlogged(p, atStop.get(p.roomId)!)).toEqual([]);
    for (const id of ids) {
      const log = atStop.get(id)!;
      expect(replay(log).phase).toBe('debating');
      expect(log.filter((e) => ['DebaterDisconnected', 'DebaterLeft', 'ObserverLeft'].includes(e.type))).toEqual([]);
    }

    // After a restart the clients come back and every debate runs to its end, each turn once.
    const second = await startServer(database, first.port);
    servers.push(second);
    await connectAll(second, everyone);
    await until(() => everyone.every((p) => p.ended), 'every room to end', 60_000);
    for (const p of everyone) p.stopChat();
    expect((await second.kill('SIGTERM')).code).toBe(0);
    const logs = await readLogs(database, ids);
    for (const id of ids) {
      const log = logs.get(id)!;
      expect(log.slice(0, atStop.get(id)!.length)).toEqual(atStop.get(id));
      expect(log.filter((e) => e.type === 'TurnStarted').map((e) => (e as { index: number }).index)).toEqual([
        0, 1, 2, 3, 4, 5,
      ]);
      expect(replay(log).phase).toBe('closed');
    }
    for (const p of everyone)
      expect(p.seen.map((e) => e.seq)).toEqual(Array.from({ length: logs.get(p.roomId)!.length }, (_, i) => i + 1));
    console.info(`SIGTERM → exit in ${Math.round(exitMs)} ms`);
  }, 120_000);
});
