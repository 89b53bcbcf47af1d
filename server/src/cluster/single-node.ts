/**
 * The only node (SQLite, or PostgreSQL without Redis): it owns every live room. At start it takes
 * them all (a restart is a failover to itself) and shifts each room's deadlines by the downtime,
 * measured from the alive clock it stamps every few seconds; it never hands rooms over.
 */
import type { Logger } from 'pino';
import type { Storage } from '../db/storage.js';
import type { RoomDirectory } from '../debates/directory.js';
import type { RoomNode } from './room-node.js';

const ALIVE_EVERY_MS = 5_000;

export function singleNode(nodeId: string, storage: Storage, directory: RoomDirectory, logger: Logger): RoomNode {
  let alive: NodeJS.Timeout | undefined;
  return {
    self: nodeId,
    ownerOf: (roomId) => storage.roomHeads.find(roomId),
    onChanged: () => () => {},
    async start() {
      const restored = await directory.restore(await storage.rooms.readAliveAt());
      if (restored > 0) logger.info({ restored }, 'live debate rooms restored');
      await storage.rooms.writeAliveAt(Date.now());
      alive = setInterval(() => {
        storage.rooms.writeAliveAt(Date.now()).catch((err: unknown) => logger.warn({ err }, 'alive clock not written'));
      }, ALIVE_EVERY_MS);
    },
    async stop() {
      clearInterval(alive);
      await directory.stop();
      await storage.rooms.writeAliveAt(Date.now());
    },
  };
}
