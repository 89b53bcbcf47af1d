import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import { loadEvents } from '../../src/debates/event-store.js';
import { readAliveAt } from '../../src/debates/room-store.js';
import { createRoom, Live, members, startDebateServer } from './support.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-shift-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A directory over the stopped server's database, with a clock we set. */
function directoryAt(db: ReturnType<typeof openDatabase>['db'], now: number): RoomDirectory {
  const logger = pino({ level: 'silent' });
  return new RoomDirectory({ db, logger, now: () => now });
}

describe('restoring rooms after downtime', () => {
  it('shifts a room by each downtime once, even when the server dies again before its alive clock moves', async () => {
    const server = await startDebateServer({ DATA_DIR: dataDir, DEBATE_RECONNECT_GRACE_SECONDS: '600' });
    const [pro, con] = await members(server, 2, '이동');
    const roomId = await createRoom(server, pro!.accessToken, { resultEnabled: false });
    const topic = `/topic/debate/${roomId}`;
    const clients: Live[] = [];
    for (const [user, position] of [
      [pro!, 'pro'],
      [con!, 'con'],
    ] as const) {
      const live = await Live.connect(server, `/debate/${roomId}`, user.accessToken, { position });
      clients.push(live);
      live.subscribe(topic);
      await live.waitFor(topic, (bs) => bs.some((b) => b.userName === user.nickname));
    }
    await clients[0]!.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'DEBATE'));
    await server.close();
    for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});

    const { db, close } = openDatabase(path.join(dataDir, 'toron.db'));
    try {
      const aliveAt = readAliveAt(db)!;
      const shifts = () =>
        loadEvents(db, roomId)
          .filter((e) => e.type === 'DeadlinesShifted')
          .map((e) => (e as { byMs: number }).byMs);
      // First restart, 10 s after the server was last alive; it dies before stamping its clock.
      const first = directoryAt(db, aliveAt + 10_000);
      await first.restore(aliveAt);
      first.stop();
      expect(shifts()).toEqual([10_000]);
      // Second restart 5 s later reads the same old clock: only those 5 s are new downtime.
      const second = directoryAt(db, aliveAt + 15_000);
      await second.restore(aliveAt);
      second.stop();
      expect(shifts()).toEqual([10_000, 5_000]);
    } finally {
      close();
    }
  }, 30_000);
});
