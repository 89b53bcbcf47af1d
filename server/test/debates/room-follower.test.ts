/**
 * A room followed from another node receives its log exactly, in order, over either PubSub: with
 * events committed before it followed, batches whose publication was lost (an owner that died
 * between commit and publish), and for Redis a restart in the middle.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { followRoom } from '../../src/debates/live/room-follower.js';
import { InProcessPubSub } from '../../src/realtime/in-process-pubsub.js';
import type { PubSub } from '../../src/realtime/pubsub.js';
import { RedisPubSub } from '../../src/realtime/redis-pubsub.js';
import { connectRedis, type RedisLink } from '../../src/redis/connection.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

interface Ev {
  readonly seq: number;
  readonly text: string;
}

const isBatch = (payload: unknown): payload is { events: Ev[] } =>
  typeof payload === 'object' && payload !== null && Array.isArray((payload as { events?: unknown }).events);

/** A room's log and its owner, which publishes each committed batch on the room's channel. */
function ownedRoom(bus: PubSub, channel: string) {
  const log: Ev[] = [];
  return {
    log,
    readLogFrom: async (fromSeq: number) => log.filter((e) => e.seq >= fromSeq),
    /** Commits `size` events; publishes them unless told the owner died before it could. */
    async commit(size: number, publish = true) {
      const events = Array.from({ length: size }, (_, i) => ({
        seq: log.length + i + 1,
        text: `말 ${log.length + i}`,
      }));
      log.push(...events);
      if (publish) await bus.publish(channel, { events }).catch(() => undefined); // a bus that is away loses it
    },
  };
}

async function follow(bus: PubSub, room: ReturnType<typeof ownedRoom>, channel: string, firstSeq = 1) {
  const seen: number[] = [];
  const { stop } = await followRoom<Ev>({
    pubsub: bus,
    channel,
    firstSeq,
    readLogFrom: room.readLogFrom,
    batchOf: ({ payload }) => (isBatch(payload) ? payload.events : null),
    deliver: (run) => seen.push(...run.map((e) => e.seq)),
    onError: (error) => {
      throw error;
    },
  });
  return { seen, stop };
}

const upTo = (n: number, from = 1) => Array.from({ length: n - from + 1 }, (_, i) => from + i);

it('in process: the log before following, lost publications and resuming from a later seq', async () => {
  const bus = new InProcessPubSub();
  const room = ownedRoom(bus, 'room:a');
  await room.commit(3);
  const whole = await follow(bus, room, 'room:a');
  const resumed = await follow(bus, room, 'room:a', 3);
  expect(whole.seen).toEqual([1, 2, 3]);
  await room.commit(2, false);
  await room.commit(1);
  expect(whole.seen).toEqual(upTo(6));
  expect(resumed.seen).toEqual(upTo(6, 3));
  whole.stop();
  await room.commit(1);
  expect(whole.seen).toEqual(upTo(6));
  expect(resumed.seen).toEqual(upTo(7, 3));
  await bus.close();
});

describe('over Redis', () => {
  let redis: RedisServer;
  const links: RedisLink[] = [];
  const node = async () => {
    const link = await connectRedis(redis.url, pino({ level: 'silent' }), 'follower');
    links.push(link);
    return new RedisPubSub(link);
  };
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(links.map((link) => link.close()));
    await redis?.stop();
  });

  it('catches up after a Redis restart: nothing published meanwhile is missing', async () => {
    const owner = await node();
    const follower = await node();
    const room = ownedRoom(owner, 'room:b');
    await room.commit(2);
    const { seen, stop } = await follow(follower, room, 'room:b');
    await room.commit(3);
    await vi.waitFor(() => expect(seen).toEqual(upTo(5)));
    await redis.halt();
    await room.commit(4); // committed while the bus is away: its publication is lost
    await redis.resume();
    // The follower reads the log when its connection is back, before any new batch arrives.
    await vi.waitFor(() => expect(seen).toEqual(upTo(9)), { timeout: 20_000 });
    await vi.waitFor(() => expect(links.every((link) => link.up)).toBe(true), { timeout: 20_000 });
    await room.commit(1);
    await vi.waitFor(() => expect(seen).toEqual(upTo(10)));
    stop();
    await Promise.all([owner.close(), follower.close()]);
  });
});
