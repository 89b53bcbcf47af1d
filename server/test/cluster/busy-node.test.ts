/**
 * A node that is busy, not dead, keeps its rooms. Every pooled connection of node a waits on a
 * lock for three leases (member requests hang on a locked `users` table): its heartbeat, on a
 * connection of its own, still lands every beat, so node b claims nothing, a claims nothing of
 * its own, and the room's epoch, log and owner stay as they were.
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import { createRoom } from '../../loadtest/identity.js';
import { POOL_SIZE } from '../../src/db/postgres.js';
import { startCluster, type Cluster } from './harness.js';

/** Node a's pooled connections free for requests: one of the pool holds its server lock for life. */
const FREE_POOLED = POOL_SIZE - 1;
/** More waiting requests than that. */
const WAITING_REQUESTS = 16;

it('a node whose every pooled connection waits still beats, and keeps its rooms', async () => {
  const cluster = await startCluster({ nodes: 2 });
  const locker = new pg.Client({ connectionString: cluster.databaseUrl });
  try {
    const [a] = cluster.nodes as [Cluster['nodes'][0]];
    const [pro] = await cluster.members(a, 1);
    const roomId = await createRoom(a.url, pro!.accessToken, {
      title: '바쁜 노드',
      time: 'T5',
      speakCount: 'THREE',
      resultEnabled: false,
    });
    const head = () =>
      cluster.query<{ node_id: string; epoch: number }>('SELECT node_id, epoch FROM room_heads WHERE room_id = $1', [
        roomId,
      ]);
    expect(await head()).toEqual([{ node_id: 'node-a', epoch: 1 }]);
    const logged = (await cluster.log(roomId)).length;

    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const requests = Array.from({ length: WAITING_REQUESTS }, () =>
      fetch(`${a.url}/api/news?sort=LATEST&continent=all`, {
        headers: { Authorization: `Bearer ${pro!.accessToken}` },
      }).then(
        (res) => res.status,
        () => 0, // the cluster stopped first: the test has failed already
      ),
    );
    const waiting = async () =>
      Number(
        (
          await cluster.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
              WHERE c.relname = 'users' AND NOT l.granted`,
          )
        )[0]!.n,
      );
    const heartbeatAge = async () =>
      Number(
        (
          await cluster.query<{ age: string }>(
            `SELECT floor(extract(epoch from clock_timestamp()) * 1000) - heartbeat_at AS age
               FROM cluster_nodes WHERE node_id = 'node-a'`,
          )
        )[0]!.age,
      );
    const ages: number[] = [];
    let mostWaiting = 0;
    const holdUntil = Date.now() + 3 * cluster.leaseMs;
    while (Date.now() < holdUntil) {
      mostWaiting = Math.max(mostWaiting, await waiting());
      ages.push(await heartbeatAge());
      await new Promise((r) => setTimeout(r, 250));
    }
    // Every pooled connection of a was taken by a request waiting on the lock.
    expect(mostWaiting).toBe(FREE_POOLED);
    // The beat every 500 ms never waited for them.
    expect(Math.max(...ages)).toBeLessThan(cluster.leaseMs);
    await locker.query('COMMIT');

    expect(await Promise.all(requests)).toEqual(Array(WAITING_REQUESTS).fill(200));
    // A lease more of claim rounds on both nodes, after the pool has drained.
    await new Promise((r) => setTimeout(r, cluster.leaseMs));
    expect(await head()).toEqual([{ node_id: 'node-a', epoch: 1 }]);
    const log = await cluster.log(roomId);
    expect(log).toHaveLength(logged);
    expect(log.filter((e) => e.type === 'DeadlinesShifted')).toEqual([]);
  } finally {
    await locker.end().catch(() => undefined);
    await cluster.stop();
  }
}, 120_000);
