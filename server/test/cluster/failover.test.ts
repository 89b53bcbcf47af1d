/**
 * Failover on three nodes (one PostgreSQL, one Redis, short lease): a node killed with SIGKILL, a
 * node paused past its lease, and every node stopped with SIGTERM in turn. Each room has clients on
 * all three nodes; those of a node that went away reconnect to another one (the room's new owner,
 * read from the room heads, when it changed hands).
 * Claim times are read from PostgreSQL (the heads, the dead node's last heartbeat), not from
 * sleeps; the logs must show every timer fired once, the clients' streams whole and every
 * accepted command's event.
 */
import { describe, expect, it } from 'vitest';
import { until } from '../reliability/support.js';
import { expectWhole, threeLiveNodes, people, shiftsOf, type Kind } from './live-rooms.js';

describe('failover on three nodes', () => {
  const nodes = threeLiveNodes();

  it('SIGKILL of the node running most rooms: claimed within lease + 2 s, nothing lost or doubled', async () => {
    const { cluster, live } = nodes;
    const kinds = (['waiting', 'debating', 'voting'] as const).flatMap((k) => Array<Kind>(6).fill(k));
    const rooms = await live.open(kinds, (i) => cluster.nodes[i % 3]!);
    // Everyone but the CON debaters of waiting rooms takes a place, all at once.
    await live.seat(rooms, (r) => (r.kind === 'waiting' ? [r.pro, r.observer] : people(r)));
    const voting = rooms.filter((r) => r.kind === 'voting');
    await until(() => voting.every((r) => r.observer.has('VotingOpened')), 'voting to open', 60_000);
    await Promise.all(voting.map((r) => r.observer.vote('PRO')));

    const owners = await live.ownersOf(rooms);
    const count = (id: string) => [...owners.values()].filter((n) => n === id).length;
    const victim = [...cluster.nodes].sort((x, y) => count(y.id) - count(x.id))[0]!;
    await cluster.signal(victim, 'SIGKILL');
    const orphans = (await live.heads(rooms.map((r) => r.id)))
      .filter((h) => h.node_id === victim.id)
      .map((h) => h.room_id);
    expect(orphans.length).toBeGreaterThan(0);
    const taken = await live.takeovers(orphans, victim.id, 60_000);
    const [{ heartbeat_at }] = (await cluster.query<{ heartbeat_at: string }>(
      'SELECT heartbeat_at FROM cluster_nodes WHERE node_id = $1',
      [victim.id],
    )) as [{ heartbeat_at: string }];
    const lastBeat = Number(heartbeat_at);
    for (const t of taken.values()) {
      expect(t.seenAt - lastBeat).toBeLessThanOrEqual(cluster.leaseMs + 2_000);
      expect(t.epoch).toBe(2);
    }
    expect(new Set([...taken.values()].map((t) => t.nodeId)).has(victim.id)).toBe(false);

    await live.evacuate(victim, rooms, taken);
    const survivors = cluster.nodes.filter((n) => n !== victim);
    await live.seat(
      rooms.filter((r) => r.kind === 'waiting'),
      (r) => [r.con],
      survivors,
    );
    const logs = await live.finish(rooms);
    const chat = [...logs.values()].flat().filter((e) => e.type === 'Spoke' || e.type === 'ObserverChatted');
    expect(chat.length).toBeGreaterThan(50);
    for (const r of rooms) {
      const log = logs.get(r.id)!;
      expectWhole(r, log);
      const shifts = shiftsOf(log);
      expect(shifts.length, r.kind).toBe(taken.has(r.id) && r.kind !== 'waiting' ? 1 : 0);
      for (const byMs of shifts) expect(byMs).toBeLessThanOrEqual(cluster.leaseMs + 2_000);
      if (r.kind === 'voting') {
        expect(log.filter((e) => e.type === 'VotingOpened')).toHaveLength(1);
        expect(log.filter((e) => e.type === 'VotingClosed')).toHaveLength(1);
      }
    }
    await cluster.restart(victim);
  }, 400_000);

  it('clients of a killed owner back at once on a survivor: places wait for the takeover, then are taken', async () => {
    const { cluster, live } = nodes;
    const victim = cluster.nodes[1]!;
    // Four rooms on one node: the two survivors take two each, so commands cross between them.
    const rooms = await live.open(['debating', 'debating', 'debating', 'debating'], () => victim);
    await live.seat(rooms);
    await until(() => rooms.every((r) => r.observer.has('TurnStarted')), 'the debates to start', 60_000);

    await cluster.signal(victim, 'SIGKILL');
    // As a browser does: straight back through a survivor, before any has claimed the rooms; each
    // rejoin goes to the dead owner the heads still name, and waits for the takeover.
    await live.evacuate(victim, rooms, new Map());
    const logs = await live.finish(rooms);
    for (const r of rooms) {
      const log = logs.get(r.id)!;
      expectWhole(r, log);
      expect(shiftsOf(log)).toHaveLength(1);
      // The debater who ran on the dead node sat down again, refused nothing.
      const rejoins = r.pro.replies.filter((reply) => reply.command === 'join');
      expect(rejoins.at(-1), r.id).toMatchObject({ ok: true });
      expect(log.filter((e) => e.type === 'DebaterLeft')).toEqual([]);
    }
    await cluster.restart(victim);
  }, 300_000);

  it('a paused owner appends nothing once its rooms are taken, then serves them through their owners', async () => {
    const { cluster, live } = nodes;
    const zombie = cluster.nodes[0]!;
    const rooms = await live.open(['debating', 'debating', 'debating'], () => zombie);
    await live.seat(rooms);
    await until(() => rooms.every((r) => r.observer.has('TurnStarted')), 'the debates to start', 60_000);

    await cluster.signal(zombie, 'SIGSTOP');
    const pausedAt = Date.now();
    const taken = await live.takeovers(
      rooms.map((r) => r.id),
      zombie.id,
      60_000,
    );
    for (const t of taken.values()) expect(t.epoch).toBe(2);
    await live.evacuate(zombie, rooms, taken);
    await until(() => Date.now() - pausedAt >= 2 * cluster.leaseMs, 'twice the lease', 60_000);
    await cluster.signal(zombie, 'SIGCONT');
    // Back from its pause, the node serves the rooms it lost through their new owners.
    await Promise.all(rooms.map((r) => live.move(r.observer, zombie)));

    const logs = await live.finish(rooms);
    for (const r of rooms) {
      const log = logs.get(r.id)!;
      expectWhole(r, log);
      expect(shiftsOf(log)).toHaveLength(1);
    }
    // Back from its pause, the node runs none of them: it neither heads nor opens them again.
    const owned = await cluster.query('SELECT room_id FROM room_heads WHERE node_id = $1', [zombie.id]);
    expect(owned).toEqual([]);
  }, 300_000);

  it('a rolling SIGTERM of every node hands each room over with any shift under 1 s', async () => {
    const { cluster, live } = nodes;
    const rooms = await live.open(['long', 'long', 'long'], (i) => cluster.nodes[i % 3]!);
    await live.seat(rooms);
    await until(() => rooms.every((r) => r.observer.has('TurnStarted')), 'the debates to start', 60_000);
    for (const node of cluster.nodes) {
      const held = [...(await live.ownersOf(rooms))].filter(([, n]) => n === node.id).map(([id]) => id);
      expect(held.length, node.id).toBeGreaterThan(0); // its own room at least, still debating
      await cluster.signal(node, 'SIGTERM');
      await live.evacuate(node, rooms, await live.takeovers(held, node.id, 30_000));
      await cluster.restart(node);
    }
    const logs = await live.finish(rooms);
    for (const r of rooms) {
      const log = logs.get(r.id)!;
      expectWhole(r, log);
      for (const byMs of shiftsOf(log)) expect(byMs).toBeLessThan(1_000);
    }
  }, 300_000);
});
