/**
 * Presence through a Redis that stops answering for a while and keeps its data. A room's owner
 * dies; another node takes the room over and sweeps it for absentees while Redis is frozen. The
 * observer who was connected to the dead node is found gone; the debaters, connected to the
 * other two nodes, are found present: nobody records them as disconnected.
 */
import { expect, it } from 'vitest';
import { createRoom } from '../../loadtest/identity.js';
import { Participant, until } from '../reliability/support.js';
import { startCluster, type Cluster } from './harness.js';

/**
 * Turns of 4 s; the reconnect grace 4 s, shorter than a node's presence lease (10 s): the sweep
 * after a takeover waits for the lease, after which the dead node's sessions are purged.
 */
const ENV = { DEBATE_TIME_SCALE: '0.08', DEBATE_RECONNECT_GRACE_SECONDS: '50' };
/** Redis freezes 2 s before the sweep falls due (the lease after the takeover), for 5 s. */
const FREEZE_AT_MS = 8_000;
const FREEZE_MS = 5_000;

/** Waits until `check` holds, asking every 100 ms; fails with `what` after 30 s. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('presence through a Redis freeze at a takeover: the dead node’s observer is swept, the debaters kept', async () => {
  const cluster = await startCluster({ nodes: 3, env: ENV });
  const everyone: Participant[] = [];
  try {
    const [a, b, c] = cluster.nodes as [Cluster['nodes'][0], Cluster['nodes'][0], Cluster['nodes'][0]];
    const [pro, con, watcher] = await cluster.members(a, 3);
    const roomId = await createRoom(a.url, pro!.accessToken, {
      title: '멈춘 Redis',
      time: 'T5',
      speakCount: 'THREE',
      resultEnabled: false,
    });
    const debaters = [
      new Participant(pro!, roomId, { kind: 'debater', side: 'PRO' }),
      new Participant(con!, roomId, { kind: 'debater', side: 'CON' }),
    ];
    const observer = new Participant(watcher!, roomId, { kind: 'observer' });
    everyone.push(...debaters, observer);
    await debaters[0]!.connect(b.server);
    await debaters[1]!.connect(c.server);
    await observer.connect(a.server);
    await until(() => debaters[0]!.has('DebateStarted') && observer.has('ObserverJoined'), 'the debate to start');

    await cluster.signal(a, 'SIGKILL');
    const owner = async () =>
      (await cluster.query<{ node_id: string }>('SELECT node_id FROM room_heads WHERE room_id = $1', [roomId]))[0]
        ?.node_id;
    await eventually(async () => (await owner()) !== 'node-a', 'a node to take the room over');
    // The new owner's sweep falls due while Redis answers nothing.
    await new Promise((r) => setTimeout(r, FREEZE_AT_MS));
    cluster.redis.freeze();
    await new Promise((r) => setTimeout(r, FREEZE_MS));
    cluster.redis.thaw();

    const swept = async () => (await cluster.log(roomId)).some((e) => e.type === 'ObserverLeft');
    await eventually(swept, 'the sweep');
    const log = await cluster.log(roomId);
    expect(log.filter((e) => e.type === 'ObserverLeft')).toEqual([
      expect.objectContaining({ userId: watcher!.userId }),
    ]);
    expect(log.filter((e) => e.type === 'DebaterDisconnected')).toEqual([]);
  } finally {
    cluster.redis.thaw();
    for (const p of everyone) p.close();
    await cluster.stop();
  }
}, 240_000);
