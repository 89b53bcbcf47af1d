/**
 * Domain events shared across nodes: a sanction emitted on one node reaches the listeners of every
 * node once (its own at once, the others through Redis); a malformed message from the bus is ignored.
 */
import pino from 'pino';
import { expect, it, vi } from 'vitest';
import { createEventBus, type DomainEvents, type EventBus } from '../../src/events.js';
import { eventsAcrossNodes } from '../../src/realtime/events-across-nodes.js';
import { RedisPubSub } from '../../src/realtime/redis-pubsub.js';
import { useRedis } from '../support/redis-links.js';

const redis = useRedis();
const quiet = pino({ level: 'silent' });

/** A node's event bus on its own Redis link, with what its sanction listeners heard. */
async function node(nodeId: string): Promise<{ events: EventBus; heard: DomainEvents['user-sanctioned'][] }> {
  const link = await redis.link(nodeId);
  const pubsub = new RedisPubSub(link);
  await pubsub.subscribeReady('cluster:event:user-sanctioned', () => undefined); // the bus's own is registered by now
  const events = eventsAcrossNodes(
    createEventBus(() => undefined),
    pubsub,
    nodeId,
    quiet,
  );
  const heard: DomainEvents['user-sanctioned'][] = [];
  events.on('user-sanctioned', (e) => heard.push(e));
  return { events, heard };
}

it('a sanction emitted on one node is heard once on every node, a follow stays local', async () => {
  const [a, b, c] = [await node('a'), await node('b'), await node('c')];
  const follows: number[] = [];
  b.events.on('follow', (e) => follows.push(e.followerId));
  const at = new Date('2026-11-24T10:00:00.000Z');
  a.events.emit('user-sanctioned', { userId: 7, at });
  expect(a.heard).toEqual([{ userId: 7, at }]); // at once, before any Redis round trip
  await vi.waitFor(() => {
    expect(b.heard).toEqual([{ userId: 7, at }]);
    expect(c.heard).toEqual([{ userId: 7, at }]);
  });
  a.events.emit('follow', { followerId: 1, followeeId: 2, at });
  c.events.emit('user-sanctioned', { userId: 8, at });
  await vi.waitFor(() => expect(b.heard.map((e) => e.userId)).toEqual([7, 8]));
  expect(a.heard.map((e) => e.userId)).toEqual([7, 8]);
  expect(c.heard.map((e) => e.userId)).toEqual([7, 8]);
  expect(follows).toEqual([]);
});

it('ignores a malformed message on the shared topic', async () => {
  const b = await node('b2');
  const link = await redis.link('probe');
  const probe = new RedisPubSub(link);
  await probe.publish('cluster:event:user-sanctioned', { origin: 'x', event: { userId: 'all' } });
  await link.commands.publish('cluster:event:user-sanctioned', 'not a message of any bus');
  await probe.publish('cluster:event:user-sanctioned', { origin: 'x', event: { userId: 9, at: 0 } });
  await vi.waitFor(() => expect(b.heard.map((e) => e.userId)).toEqual([9]));
});
