/**
 * What reaches a user wherever they are connected, on three nodes: a notification made on one
 * node arrives in the user's tab on another, and a sanction decided on one node closes the user's
 * sockets on every node.
 */
import { NOTIFICATIONS_QUEUE } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../loadtest/identity.js';
import type { StompClient } from '../../loadtest/stomp-client.js';
import { startCluster, type Cluster } from './harness.js';

const call = (base: string, method: string, path: string, token: string, json?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

describe('users across nodes', () => {
  let cluster: Cluster;
  const clients: StompClient[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ nodes: 3 });
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) client.terminate();
    await cluster?.stop();
  });

  const tab = async (node: Cluster['nodes'][number], member: Member, endpoint: string) => {
    const client = await cluster.connect(node, member, endpoint);
    clients.push(client);
    return client;
  };

  it('a notification made on node A reaches the user connected to node C', async () => {
    const [a, , c] = cluster.nodes;
    const [follower, followee] = await cluster.members(a!, 2);
    const received: unknown[] = [];
    const inbox = await tab(c!, followee!, '/ws/notifications');
    await inbox.subscribe(NOTIFICATIONS_QUEUE, (body) => received.push(body));
    const follow = `/api/users/mypage/${followee!.userId}/${follower!.userId}/insertfollowers`;
    expect((await call(a!.url, 'POST', follow, follower!.accessToken)).status).toBe(201);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 15_000 });
    expect(received[0]).toMatchObject({
      type: 'NOTIFICATION',
      notification: { notificationType: 'FOLLOW', typeId: follower!.userId },
      unreadCount: 1,
    });
  });

  it('a sanction decided on node A closes the user’s sockets on every node', async () => {
    const [a, b, c] = cluster.nodes;
    const [staff, reporter, target, bystander] = await cluster.members(b!, 4);
    await cluster.query(`UPDATE users SET role = 'ROLE_ADMIN' WHERE id = $1`, [staff!.userId]);
    const sockets = [
      await tab(a!, target!, '/ws'),
      await tab(b!, target!, '/ws/notifications'),
      await tab(c!, target!, '/ws'),
      await tab(c!, target!, '/ws/notifications'),
    ];
    const others = [await tab(a!, bystander!, '/ws'), await tab(c!, bystander!, '/ws/notifications')];
    const report = await call(c!.url, 'POST', '/api/report', reporter!.accessToken, {
      userId: reporter!.userId,
      targetUserId: target!.userId,
      targetType: 'PROFILE',
      targetRoomId: null,
      content: '프로필 사진이 불쾌해요',
      reportType: 'CUSS',
    });
    expect(report.status).toBe(201);
    const { id } = ((await report.json()) as { data: { id: number } }).data;
    const processed = await call(a!.url, 'PUT', `/api/admin/reports/${id}`, staff!.accessToken, {
      result: 'BAN',
      reportContent: '운영 정책 위반',
      assignedUserId: staff!.userId,
    });
    expect(processed.status).toBe(200);
    const limit = (p: Promise<unknown>) =>
      Promise.race([p, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open')), 15_000))]);
    await Promise.all(sockets.map((s) => limit(s.closed)));
    expect(others.every((s) => s.open)).toBe(true);
  });
});
