/**
 * Three nodes, one room: opened through node A (which runs it), its debaters on B and C, observers
 * on every node. Every command sent through B or C is decided on A; every client, wherever it is
 * connected, receives the room's events exactly as logged, in order, without gaps or repeats. A
 * room opened on one node is in every node's room list. (A command for a room whose node died:
 * failover.test.ts and forwarding.test.ts.)
 */
import { ROOM_LIST_TOPIC, STOMP_ENDPOINTS } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom } from '../../loadtest/identity.js';
import { Participant, unlogged, until } from '../reliability/support.js';
import { startCluster, type Cluster } from './harness.js';

/** Turns of 2.4 s; a lease long enough that no node takes over a room during the test. */
const ENV = { DEBATE_TIME_SCALE: '0.08', CLUSTER_LEASE_MS: '30000' };

describe('rooms across three nodes', () => {
  let cluster: Cluster;
  const everyone: Participant[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ nodes: 3, env: ENV });
  }, 180_000);
  afterAll(async () => {
    for (const p of everyone) p.close();
    await cluster?.stop();
  });

  const ownerOf = async (roomId: string) =>
    (await cluster.query<{ node_id: string }>('SELECT node_id FROM room_heads WHERE room_id = $1', [roomId]))[0]
      ?.node_id;

  it('runs a debate on A whose debaters speak through B and C; observers on every node see the same log', async () => {
    const [a, b, c] = cluster.nodes as [Cluster['nodes'][0], Cluster['nodes'][0], Cluster['nodes'][0]];
    const [pro, con, ...watchers] = await cluster.members(a, 8);
    const roomId = await createRoom(a.url, pro!.accessToken, {
      title: '여러 노드 토론',
      time: 'T3',
      speakCount: 'THREE',
      resultEnabled: true,
    });
    expect(await ownerOf(roomId)).toBe('node-a');
    const observers = watchers.slice(0, 3).map((m) => new Participant(m, roomId, { kind: 'observer' }));
    // Clients of the legacy observer endpoint, one per node: their frames are derived on each node.
    const legacy = await Promise.all(
      watchers.slice(3).map(async (m, i) => {
        const frames: string[] = [];
        const client = await cluster.connect([a, b, c][i]!, m, `/observer/${roomId}`);
        await client.subscribe(`/topic/observer/${roomId}`, (body) => frames.push(JSON.stringify(body)));
        return { client, frames };
      }),
    );
    const debaters = [
      new Participant(pro!, roomId, { kind: 'debater', side: 'PRO' }),
      new Participant(con!, roomId, { kind: 'debater', side: 'CON' }),
    ];
    everyone.push(...observers, ...debaters);
    await Promise.all(observers.map((o, i) => o.connect([a, b, c][i]!.server)));
    await debaters[0]!.connect(b.server);
    await debaters[1]!.connect(c.server);
    for (const d of debaters) d.chat(400);
    for (const o of observers) o.chat(900);
    await until(() => everyone.every((p) => p.ended), 'the room to end on every client', 90_000);
    for (const p of everyone) p.stopChat();

    const log = await cluster.log(roomId);
    expect(log.at(-1)?.type).toBe('VotingClosed');
    // Speeches sent through B and C, chat from every node: all decided on A, all in the log.
    expect(log.filter((e) => e.type === 'Spoke').length).toBeGreaterThan(0);
    expect(log.filter((e) => e.type === 'ObserverChatted').length).toBeGreaterThan(0);
    expect(debaters.every((d) => d.replies.every((r) => r.code !== 'ROOM_UNAVAILABLE'))).toBe(true);
    const seqs = log.map((e) => e.seq);
    for (const p of everyone) {
      expect(p.seen.map((e) => e.seq)).toEqual(seqs);
      expect(unlogged(p, log)).toEqual([]);
    }
    // Each legacy client saw the same frames from the moment the last one subscribed.
    const lengths = legacy.map((l) => l.frames.length);
    const common = Math.min(...lengths);
    expect(common).toBeGreaterThan(0);
    for (const l of legacy) expect(l.frames.slice(-common)).toEqual(legacy[0]!.frames.slice(-common));
    for (const l of legacy) await l.client.disconnect();
    expect(await ownerOf(roomId)).toBeUndefined(); // an ended room has no owner
  }, 150_000);

  it('lists a room opened on A on C, and takes it off when it ends', async () => {
    const [a, , c] = cluster.nodes as [Cluster['nodes'][0], Cluster['nodes'][0], Cluster['nodes'][0]];
    const [creator, viewer] = await cluster.members(a, 2);
    const client = await cluster.connect(c, viewer!, STOMP_ENDPOINTS.roomList);
    const snapshots: string[] = [];
    await client.subscribe(ROOM_LIST_TOPIC, (body) => snapshots.push(JSON.stringify(body)));
    const roomId = await createRoom(a.url, creator!.accessToken, {
      title: '목록에 뜨는 토론',
      time: 'T3',
      speakCount: 'THREE',
      resultEnabled: true,
    });
    await until(() => snapshots.at(-1)?.includes(roomId) === true, 'the room in C’s list', 30_000);
    // The creator leaves the waiting room: it is abandoned, and every list drops it.
    const owner = new Participant(creator!, roomId, { kind: 'debater', side: 'PRO' });
    everyone.push(owner);
    await owner.connect(a.server);
    await owner.client!.sendAndWait(`/app/rooms/${roomId}/leave`, {});
    await until(() => snapshots.at(-1)?.includes(roomId) === false, 'the room off C’s list', 30_000);
    await client.disconnect();
  }, 120_000);
});
