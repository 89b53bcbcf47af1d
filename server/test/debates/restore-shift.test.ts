import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../src/db/storage.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import { ENGINES, storageOn } from '../support/engines.js';
import { defaultRoomLimits } from './room-log.js';
import { createRoom, Live, members, startDebateServer } from './support.js';

/** A directory over the stopped server's database, with a clock we set. */
function directoryAt(storage: Storage, now: number): RoomDirectory {
  const logger = pino({ level: 'silent' });
  return new RoomDirectory({ storage, logger, now: () => now, nodeId: 'restarted', limits: defaultRoomLimits() });
}

describe.each(ENGINES)('restoring rooms after downtime on %s', (engine) => {
  it('shifts a room by each downtime once, even when the server dies again before its alive clock moves', async () => {
    const server = await startDebateServer({ DEBATE_RECONNECT_GRACE_SECONDS: '600' }, engine);
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

    const storage = await storageOn(server.database);
    try {
      const aliveAt = (await storage.rooms.readAliveAt())!;
      const shifts = async () =>
        (await storage.roomEvents.load(roomId))
          .filter((e) => e.type === 'DeadlinesShifted')
          .map((e) => (e as { byMs: number }).byMs);
      // First restart, 10 s after the server was last alive; it dies before stamping its clock.
      const first = directoryAt(storage, aliveAt + 10_000);
      await first.restore(aliveAt);
      await first.stop();
      expect(await shifts()).toEqual([10_000]);
      // Second restart 5 s later reads the same old clock: only those 5 s are new downtime.
      const second = directoryAt(storage, aliveAt + 15_000);
      await second.restore(aliveAt);
      await second.stop();
      expect(await shifts()).toEqual([10_000, 5_000]);
    } finally {
      await storage.close();
      await server.database.drop();
    }
  }, 30_000);
});
