/**
 * The room list across a node's death: a node announces its rooms' list changes a moment after it
 * commits them, so one killed right after a room of its ended never says so. Another node, once
 * it takes over the dead node's other room, checks its list against PostgreSQL and drops the
 * ended room.
 */
import { ROOM_LIST_TOPIC, STOMP_ENDPOINTS } from '@toron/engine';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createRoom } from '../../loadtest/identity.js';
import { Participant, until } from '../reliability/support.js';
import { startCluster, type Cluster } from './harness.js';

describe('the room list when a node dies', () => {
  let cluster: Cluster;
  const everyone: Participant[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ nodes: 2 });
  }, 120_000);
  afterAll(async () => {
    for (const p of everyone) p.close();
    await cluster?.stop();
  });

  it('drops a room that ended on a node killed before it announced the end', async () => {
    const [a, b] = cluster.nodes as [Cluster['nodes'][0], Cluster['nodes'][0]];
    const [leaver, stayer, viewer] = await cluster.members(a, 3);
    const settings = { time: 'T3', speakCount: 'THREE', resultEnabled: true } as const;
    const ended = await createRoom(a.url, leaver!.accessToken, { ...settings, title: '곧 사라질 토론' });
    const kept = await createRoom(a.url, stayer!.accessToken, { ...settings, title: '넘겨받을 토론' });
    const client = await cluster.connect(b, viewer!, STOMP_ENDPOINTS.roomList);
    let latest = '';
    await client.subscribe(ROOM_LIST_TOPIC, (body) => (latest = JSON.stringify(body)));
    await until(() => latest.includes(ended) && latest.includes(kept), 'both rooms in B’s list', 30_000);

    // The creator leaves the waiting room: it is abandoned, and node A dies as soon as that is seen.
    const owner = new Participant(leaver!, ended, { kind: 'debater', side: 'PRO' });
    everyone.push(owner);
    await owner.connect(a.server);
    await owner.client!.sendAndWait(`/app/rooms/${ended}/leave`, {});
    await until(() => owner.ended, 'the room to end');
    await cluster.signal(a, 'SIGKILL');

    await until(() => !latest.includes(ended) && latest.includes(kept), 'the ended room off B’s list', 30_000);
    await client.disconnect();
  }, 120_000);
});
