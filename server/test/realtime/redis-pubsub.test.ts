import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { RedisPubSub } from '../../src/realtime/redis-pubsub.js';
import { connectRedis, type RedisLink } from '../../src/redis/connection.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { pubSubContract } from './pubsub.contract.js';

let redis: RedisServer;
const links: RedisLink[] = [];
const quiet = pino({ level: 'silent' });

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(links.splice(0).map((link) => link.close()));
  await redis?.stop();
});

/** A RedisPubSub on its own link, as another node would have; closing the bus closes its link. */
async function redisBus(): Promise<RedisPubSub> {
  const link = await connectRedis(redis.url, quiet, 'contract');
  links.push(link);
  const bus = new RedisPubSub(link);
  const close = bus.close.bind(bus);
  bus.close = async () => {
    await close();
    links.splice(links.indexOf(link), 1);
    await link.close();
  };
  return bus;
}

pubSubContract('redis', redisBus, {
  peer: redisBus,
  outage: { down: () => redis.halt(), up: () => redis.resume() },
});

it('redis: one Redis subscription per topic, released with the last handler', async () => {
  const bus = await redisBus();
  try {
    const probe = links.at(-1)!.commands;
    const stopA = await bus.subscribeReady('shared', () => undefined);
    const stopB = await bus.subscribeReady('shared', () => undefined);
    expect(bus.topicCount).toBe(1);
    expect(await probe.pubSubNumSub('shared')).toEqual({ shared: 1 });
    stopA();
    stopB();
    await vi.waitFor(async () => expect(await probe.pubSubNumSub('shared')).toEqual({ shared: 0 }));
    expect(bus.topicCount).toBe(0);
  } finally {
    await bus.close();
  }
});
