import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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

it('redis: a node that stops beating is purged by another; beating again writes its sessions back', async () => {
  const [idA, idB] = [node(), node()];
  const a = redisPresenceStore(link, idA);
  const b = redisPresenceStore(link, idB);
  const seat = { roomId: 'silent-room', role: 'debater' as const, userId: 3 };
  const watcher = { roomId: 'silent-room', role: 'observer' as const, userId: 4 };
  await a.add(seat, 's1');
  await a.add(watcher, 's1');
  await b.add(watcher, 's2');
  await a.beat(60_000);
  await b.beat(60_000);
  expect(await b.purgeSilent()).toEqual([]);
  await link.commands.del(`pr-alive:${idA}`); // A's lease on Redis lapsed (paused, or died)
  expect(await b.purgeSilent()).toEqual([seat]); // the watcher is still carried by B
  expect(await b.has(seat)).toBe(false);
  expect(await b.has(watcher)).toBe(true);
  expect(await b.purgeSilent()).toEqual([]);
  await a.beat(60_000); // A was only paused: its sessions are written again
  expect(await b.has(seat)).toBe(true);
  expect(await a.remove(seat, 's1')).toBe(true);
  expect(await a.drop('s1')).toEqual([]);
  expect(await b.remove(watcher, 's2')).toBe(true);
});

it('redis: while Redis is away a node counts its own sessions; once back, Redis holds exactly them', async () => {
  const own = await connectRedis(redis.url, pino({ level: 'silent' }), 'outage');
  try {
    const store = redisPresenceStore(own, node());
    const seat = { roomId: 'outage-room', role: 'debater' as const, userId: 5 };
    const watcher = { roomId: 'outage-room', role: 'observer' as const, userId: 6 };
    const gone = { roomId: 'outage-room', role: 'observer' as const, userId: 7 };
    await store.add(seat, 's1');
    await store.add(gone, 's3');
    await redis.halt();
    await vi.waitFor(() => expect(own.up).toBe(false));
    expect(await store.add(watcher, 's2')).toBe(true);
    expect(await store.add(watcher, 's4')).toBe(false);
    expect(await store.has(seat)).toBe(true);
    expect(await store.remove(gone, 's3')).toBe(true);
    expect(await store.has(gone)).toBe(false);
    await redis.resume(); // empty, as a restarted Redis is
    await vi.waitFor(
      async () => {
        expect(own.up).toBe(true);
        expect(await link.commands.sCard('pr:outage-room|observer|6')).toBe(2);
      },
      { timeout: 15_000 },
    );
    expect(await link.commands.sCard('pr:outage-room|debater|5')).toBe(1);
    expect(await link.commands.exists('pr:outage-room|observer|7')).toBe(0);
    expect(await store.drop('s2')).toEqual([]);
    expect(await store.drop('s4')).toEqual([watcher]);
  } finally {
    await own.close();
  }
});

it('redis: a pause that keeps the data loses no session or node; a sweep meanwhile finds the debater', async () => {
  const silent = pino({ level: 'silent' });
  const [idA, idB] = [node(), node()];
  const [linkA, linkB] = [
    await connectRedis(redis.url, silent, 'pause-a'),
    await connectRedis(redis.url, silent, 'pause-b'),
  ];
  try {
    const a = redisPresenceStore(linkA, idA);
    const b = redisPresenceStore(linkB, idB);
    const seat = { roomId: 'pause-room', role: 'debater' as const, userId: 8 };
    const watcher = { roomId: 'pause-room', role: 'observer' as const, userId: 9 };
    // The alive lease the nodes use (10 s), longer than the pause.
    await a.add(seat, 's1');
    await a.beat(10_000);
    await b.beat(10_000);
    redis.freeze();
    // While Redis answers nothing: B sweeps (silent nodes purged, then the debater looked up),
    // A beats and a watcher joins on A.
    const sweep = b.purgeSilent().then(async (purged) => ({ purged, present: await b.has(seat) }));
    const beaten = a.beat(10_000);
    const joined = a.add(watcher, 's2');
    await new Promise((r) => setTimeout(r, 3_000));
    redis.thaw();
    expect(await sweep).toEqual({ purged: [], present: true });
    await beaten;
    expect(await joined).toBe(true);
    expect(linkA.up && linkB.up).toBe(true);
    expect(await b.has(watcher)).toBe(true);
    expect(await a.drop('s1')).toEqual([seat]);
    expect(await a.drop('s2')).toEqual([watcher]);
  } finally {
    redis.thaw();
    await linkA.close();
    await linkB.close();
  }
});
