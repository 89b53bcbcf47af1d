/**
 * The cluster harness itself: three nodes start on one database and one Redis, a member signed up
 * through one node is known to the others (the shared JWT secret lives in PostgreSQL), and a
 * paused node is resumed and a killed node restarted under its id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './harness.js';

describe('cluster harness', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ nodes: 3 });
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('runs three nodes on one database; a member of one node signs in on every node', async () => {
    const [a, b, c] = cluster.nodes;
    const [member] = await cluster.members(a!, 1);
    for (const node of [a!, b!, c!]) {
      const me = await fetch(`${node.url}/api/users/userInfo`, {
        headers: { Authorization: `Bearer ${member!.accessToken}` },
      });
      expect(me.status).toBe(200);
      const client = await cluster.connect(node, member!);
      await client.disconnect();
    }
    const rows = await cluster.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE id = $1', [member!.userId]);
    expect(rows[0]!.n).toBe('1');
  });

  it('pauses and resumes a node, kills and restarts it under the same id and address', async () => {
    const c = cluster.nodes[2]!;
    await cluster.signal(c, 'SIGSTOP');
    const paused = await fetch(`${c.url}/healthz`, { signal: AbortSignal.timeout(500) }).catch(() => null);
    expect(paused).toBeNull();
    await cluster.signal(c, 'SIGCONT');
    expect((await fetch(`${c.url}/healthz`)).status).toBe(200);
    const before = c.server.pid;
    await cluster.signal(c, 'SIGKILL');
    await cluster.restart(c);
    expect(c.server.pid).not.toBe(before);
    expect((await fetch(`${c.url}/healthz`)).status).toBe(200);
  }, 120_000);
});
