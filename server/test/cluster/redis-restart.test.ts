/**
 * Redis restarted mid-debate (killed, so every node loses it, then started again empty on the
 * same port): the rooms go on, every client's stream stays whole on every node (what Redis dropped
 * is read back from PostgreSQL by seq), every command is answered (accepted and logged, or, sent
 * through a node that cannot reach the room's node, refused with ROOM_UNAVAILABLE) and every room
 * ends normally. A room that ended while Redis was away is an archive on every node at once,
 * though the nodes that follow it have not heard the end yet.
 */
import { describe, expect, it } from 'vitest';
import { until } from '../reliability/support.js';
import { expectWhole, threeLiveNodes, people } from './live-rooms.js';

describe('Redis restarted mid-debate', () => {
  const nodes = threeLiveNodes();

  it('loses no event from any stream and refuses nothing without a code', async () => {
    const { cluster, live } = nodes;
    const rooms = await live.open(['debating', 'debating', 'debating'], (i) => cluster.nodes[i % 3]!);
    await live.seat(rooms);
    await until(() => rooms.every((r) => r.observer.has('TurnStarted')), 'the debates to start', 60_000);

    const lengths = async () => Promise.all(rooms.map(async (r) => (await cluster.log(r.id)).length));
    const before = await lengths();
    await cluster.redis.halt();
    // The rooms go on without Redis: wait until each has logged more (chat, turns) during the outage.
    const end = Date.now() + 30_000;
    while ((await lengths()).some((n, i) => n < before[i]! + 3)) {
      if (Date.now() > end) throw new Error('the rooms logged nothing while Redis was away');
      await new Promise((r) => setTimeout(r, 100));
    }
    await cluster.redis.resume();

    const logs = await live.finish(rooms);
    for (const r of rooms) expectWhole(r, logs.get(r.id)!);
    const replies = rooms.flatMap(people).flatMap((p) => p.replies);
    expect(replies.filter((x) => !x.ok && typeof x.code !== 'string')).toEqual([]);
    // Commands sent through a node that could not reach the room's node were refused, not lost.
    expect(replies.some((x) => x.code === 'ROOM_UNAVAILABLE')).toBe(true);
  }, 300_000);

  it('a room that ended while Redis was away is served as ended by a node that has not heard it', async () => {
    const { cluster, live } = nodes;
    const [a, b] = cluster.nodes as [(typeof cluster.nodes)[number], (typeof cluster.nodes)[number]];
    const [room] = await live.open(['debating'], () => a);
    // Both debaters on the room's node, the observer on B, which follows the room through Redis.
    await live.seat([room!], people, [a, a, b]);
    await until(() => room!.observer.has('TurnStarted'), 'the debate to start', 60_000);
    await cluster.redis.halt();
    try {
      await room!.pro.client!.sendAndWait(`/app/rooms/${room!.id}/leave`, {});
      await until(() => room!.con.ended, 'the walkover', 30_000);
      expect(room!.observer.ended).toBe(false); // B has not heard it
      const persuasion = await fetch(`${b.url}/api/debates/${room!.id}/persuasion`, {
        headers: { Authorization: `Bearer ${room!.observer.member.accessToken}` },
      });
      expect(persuasion.status).toBe(200);
    } finally {
      await cluster.redis.resume();
    }
    await until(() => room!.observer.ended, 'the end to reach B', 30_000);
  }, 120_000);
});
