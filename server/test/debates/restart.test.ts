import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { replay, type RoomEvent } from '@toron/engine';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { createRoom, Live, members, sleep, startDebateServer } from './support.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-restart-'));
const env = { DATA_DIR: dataDir, DEBATE_RECONNECT_GRACE_SECONDS: '50' };
const servers: TestServer[] = [];
const clients: Live[] = [];

afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  for (const s of servers) await s.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a restart in the middle of a debate', () => {
  it('resumes the room from its log with an identical state and deadlines shifted by the downtime', async () => {
    const first = await startDebateServer(env);
    servers.push(first);
    const [pro, con] = await members(first, 2, '재시작');
    const roomId = await createRoom(first, pro!.accessToken, { resultEnabled: false });
    const topic = `/topic/debate/${roomId}`;
    for (const [user, position] of [
      [pro!, 'pro'],
      [con!, 'con'],
    ] as const) {
      const live = await Live.connect(first, `/debate/${roomId}`, user.accessToken, { position });
      clients.push(live);
      live.subscribe(topic);
      await live.waitFor(topic, (bs) => bs.some((b) => b.userName === user.nickname));
    }
    await clients[0]!.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'DEBATE'));
    clients[0]!.send(`/app/debate/${roomId}`, { message: '재시작 전 발언' });
    await clients[1]!.waitFor(topic, (bs) => bs.some((b) => b.event === 'MESSAGE'));
    const before = (await first.deps.debates.directory.stateOf(roomId))!;
    expect(before.phase).toBe('debating');

    await first.close(); // the sockets die with the server: nothing is recorded for them
    const down = 900; // longer than a 600 ms turn: the deadline passes while the server is down
    await sleep(down);
    const second = await startDebateServer(env);
    servers.push(second);

    const log = await second.deps.storage.roomEvents.load(roomId);
    const shift = log.at(-1) as Extract<RoomEvent, { type: 'DeadlinesShifted' }>;
    expect(shift.type).toBe('DeadlinesShifted');
    expect(shift.byMs).toBeGreaterThanOrEqual(down);
    expect(replay(log.slice(0, -1))).toEqual(before);
    const after = (await second.deps.debates.directory.stateOf(roomId))!;
    expect(after).toEqual(replay(log));
    expect(after.turn!.endsAt).toBe(before.turn!.endsAt + shift.byMs);
    expect(after.turn!.index).toBe(before.turn!.index);

    // Both debaters come back (a rejoin) and the debate runs to its end on the new server.
    const back = await Live.connect(second, `/debate/${roomId}`, pro!.accessToken, { position: 'pro' });
    clients.push(back);
    back.subscribe(topic);
    const conBack = await Live.connect(second, `/debate/${roomId}`, con!.accessToken, { position: 'con' });
    clients.push(conBack);
    conBack.subscribe(topic);
    await back.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'CLOSED'), 15_000);
    const turns = (await second.deps.storage.roomEvents.load(roomId))
      .filter((e) => e.type === 'TurnStarted')
      .map((e) => (e as { index: number }).index);
    expect(turns).toEqual([0, 1, 2, 3, 4, 5]);
    expect(back.on(topic).some((b) => b.event === 'user_left')).toBe(false);
  }, 40_000);
});
