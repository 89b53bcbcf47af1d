import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectRedis, type RedisLink } from '../../src/redis/connection.js';
import { redisPresenceStore } from '../../src/redis/presence.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { presenceContract } from './presence.contract.js';

let redis: RedisServer;
let link: RedisLink;
let nodes = 0;

beforeAll(async () => {
  redis = await startRedisServer();
  link = await connectRedis(redis.url, pino({ level: 'silent' }), 'presence');
});
afterAll(async () => {
  await link?.close();
  await redis?.stop();
});

const node = () => `node-${nodes++}`;

presenceContract('redis', async () => redisPresenceStore(link, node()), {
  nodes: async () => {
    const [idA, idB] = [node(), node()];
    const purger = redisPresenceStore(link, node());
    return {
      a: redisPresenceStore(link, idA),
      b: redisPresenceStore(link, idB),
      purgeA: () => purger.purgeNode(idA),
    };
  },
});

it('redis: leaves no key behind once every session left or its room ended', async () => {
  const store = redisPresenceStore(link, 'tidy');
  const before = new Set(await link.commands.keys('*'));
  const seat = { roomId: 'tidy-room', role: 'debater' as const, userId: 1 };
  await store.add(seat, 's1');
  await store.add({ ...seat, roomId: 'tidy-ended' }, 's1');
  await store.remove(seat, 's1');
  await store.forgetRoom('tidy-ended');
  const after = (await link.commands.keys('*')).filter((k) => !before.has(k));
  expect(after).toEqual([]);
});
