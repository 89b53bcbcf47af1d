/**
 * What reaches a user wherever they are connected, on three nodes: a notification made on one
 * node arrives in the user's tab on another and is pushed to their browser once, a sanction
 * decided on one node closes the user's sockets on every node, and the chat limit and presence
 * count a user's messages and sessions through every node together. A demo sign-in may take each
 * step on another node, as behind a load balancer.
 */
import { NOTIFICATIONS_QUEUE } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../loadtest/identity.js';
import type { StompClient } from '../../loadtest/stomp-client.js';
import { createRoom } from '../../loadtest/identity.js';
import { PushService } from '../notifications/push-service.js';
import { Participant, until } from '../reliability/support.js';
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

type Node = Cluster['nodes'][number];

describe('users across nodes', () => {
  let cluster: Cluster;
  let push: PushService;
  const clients: StompClient[] = [];
  beforeAll(async () => {
    push = await PushService.start();
    // The chat allowance (5 messages) refills once an hour here, so the sixth is refused however slow the machine.
    // An observer who leaves is recorded at once (no waiting for a quick return).
    const env = { ...push.serverEnv(), RATE_LIMIT_CHAT: '5/1h', LIVE_OBSERVER_LEAVE_SECONDS: '0' };
    cluster = await startCluster({ nodes: 3, env });
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) client.terminate();
    await cluster?.stop();
    await push?.close();
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

  it('a notification made on node B is pushed to the browser once, whichever nodes drain the outbox', async () => {
    const [a, b, c] = cluster.nodes;
    const [follower, followee] = await cluster.members(c!, 2);
    const browser = push.subscribe();
    const saved = await call(a!.url, 'POST', '/api/notifications/saveToken', followee!.accessToken, {
      userId: followee!.userId,
      token: JSON.stringify(browser.toJSON()),
      isAllow: 'true',
    });
    expect(saved.status).toBe(200);
    const follow = `/api/users/mypage/${followee!.userId}/${follower!.userId}/insertfollowers`;
    expect((await call(b!.url, 'POST', follow, follower!.accessToken)).status).toBe(201);
    const [pushed] = await push.waitFor(browser, 1, 15_000);
    expect(pushed).toMatchObject({ title: '알림', url: `/user-page/${follower!.userId}` });
    // Every node looks at the outbox every few seconds: by the time each has looked twice, none sent it again.
    await new Promise((r) => setTimeout(r, 11_000));
    expect(push.pushesFor(browser)).toHaveLength(1);
    const left = await cluster.query<{ n: string }>('SELECT count(*) AS n FROM push_outbox');
    expect(left[0]!.n).toBe('0');
  }, 60_000);

  it('the chat limit counts a user’s messages through every node: the sixth is refused by the owner', async () => {
    const [a, b, c] = cluster.nodes;
    const [host, watcher] = await cluster.members(c!, 2);
    const roomId = await createRoom(c!.url, host!.accessToken, {
      title: '채팅 한도',
      time: 'T3',
      speakCount: 'THREE',
      resultEnabled: true,
    });
    const onA = new Participant(watcher!, roomId, { kind: 'observer' });
    const onB = new Participant(watcher!, roomId, { kind: 'observer' });
    const onC = new Participant(watcher!, roomId, { kind: 'observer' });
    await onA.connect(a!.server);
    await onB.connect(b!.server);
    await onC.connect(c!.server);
    const tabs = [onC, onA, onB];
    try {
      // Through the owner C, then A and B, which forward to C: two lines each, the sixth through B.
      for (let i = 0; i < 6; i++) {
        await tabs[i % 3]!.client!.sendAndWait(`/app/rooms/${roomId}/observer-chat`, { text: `채팅 ${i + 1}` });
      }
      const refused = () => tabs.flatMap((tab) => tab.replies).filter((r) => r.code === 'CHAT_RATE_LIMITED');
      await until(() => refused().length === 1, 'the refusal of the sixth message', 15_000);
      expect(onB.replies.filter((r) => r.code === 'CHAT_RATE_LIMITED')).toEqual([
        expect.objectContaining({ message: '메시지를 너무 빨리 보내고 있어요. 잠시 후 다시 보내 주세요.' }),
      ]);
      await until(() => onA.seen.filter((e) => e.type === 'ObserverChatted').length === 5, 'five chats', 15_000);
      const chats = (await cluster.log(roomId)).filter((e) => e.type === 'ObserverChatted');
      expect(chats.map((e) => ('text' in e ? e.text : null))).toEqual([1, 2, 3, 4, 5].map((n) => `채팅 ${n}`));
    } finally {
      for (const tab of tabs) tab.close();
    }
  }, 60_000);

  it('a member watching through B and C is one observer: the last connection closing makes them leave', async () => {
    const [a, b, c] = cluster.nodes;
    const [host, watcher] = await cluster.members(a!, 2);
    const roomId = await createRoom(a!.url, host!.accessToken, {
      title: '두 곳에서 참관',
      time: 'T3',
      speakCount: 'THREE',
      resultEnabled: true,
    });
    const onB = new Participant(watcher!, roomId, { kind: 'observer' });
    const onC = new Participant(watcher!, roomId, { kind: 'observer' });
    const count = async (type: string) => (await cluster.log(roomId)).filter((e) => e.type === type).length;
    try {
      await onB.connect(b!.server);
      await onC.connect(c!.server);
      expect(await count('ObserverJoined')).toBe(1);
      await onB.client!.disconnect();
      // The session on C still carries the member: a message through C and its echo prove C was heard after B left.
      await onC.client!.sendAndWait(`/app/rooms/${roomId}/observer-chat`, { text: '아직 보고 있어요' });
      await until(() => onC.has('ObserverChatted'), 'the chat through C', 15_000);
      expect(await count('ObserverLeft')).toBe(0);
      await onC.client!.disconnect();
      await expect.poll(() => count('ObserverLeft'), { timeout: 15_000, interval: 100 }).toBe(1);
    } finally {
      onB.close();
      onC.close();
    }
  }, 60_000);

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

  it('a demo sign-in takes each step on any node: a code from A is spent once on B, its token read on C', async () => {
    const [a, b, c] = cluster.nodes.slice(0, 3) as [Node, Node, Node];
    const redirectUri = `${a.url}/login/oauth2/callback/kakao`;
    const authorize = new URL(`${a.url}/demo-oauth/kakao/authorize`);
    for (const [k, v] of Object.entries({
      client_id: 'toron-demo-kakao',
      redirect_uri: redirectUri,
      response_type: 'code',
      login_hint: 'across-nodes',
    }))
      authorize.searchParams.set(k, v);
    const issued = await fetch(authorize, { redirect: 'manual' });
    expect(issued.status).toBe(302);
    const code = new URL(issued.headers.get('location')!).searchParams.get('code')!;
    const exchange = (node: Node) =>
      fetch(`${node.url}/demo-oauth/kakao/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'toron-demo-kakao',
          client_secret: 'toron-demo-kakao-secret',
          redirect_uri: redirectUri,
          code,
        }),
      });
    const exchanged = await exchange(b);
    expect(exchanged.status).toBe(200);
    const { access_token } = (await exchanged.json()) as { access_token: string };
    // Used once, on every node.
    for (const node of [a, b, c]) expect((await exchange(node)).status).toBe(400);
    const info = await fetch(`${c.url}/demo-oauth/kakao/userinfo`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { id: string }).id).toBe('across-nodes');
  });
});
