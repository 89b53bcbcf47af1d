import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { PushService } from './push-service.js';
import { debateEndedNotification } from '../../src/notifications/room-notices.js';

type Item = {
  id: number;
  notificationType: string;
  typeId: number;
  content: string;
  statusType: string;
  createdAt: string;
};
type ListData = {
  unreadCount: number;
  notifications: { content: Item[]; pageable: { pageNumber: number }; totalPages: number; totalElements: number };
};

let server: TestServer;
let push: PushService;
let alice: Session;
let bob: Session;
let carol: Session;

const follow = (follower: Session, followee: Session) =>
  server.call('POST', `/api/users/mypage/${followee.userId}/${follower.userId}/insertfollowers`, {
    token: follower.accessToken,
  });
const list = async (who: Session, page?: number) => {
  const res = await server.call('GET', `/api/notifications/${who.userId}${page ? `?page=${page}` : ''}`, {
    token: who.accessToken,
  });
  expect(res.status).toBe(200);
  return res.body.data as ListData;
};

beforeAll(async () => {
  push = await PushService.start();
  server = await startTestServer(push.serverEnv());
  alice = await server.signUpMember('n-alice', '앨리스');
  bob = await server.signUpMember('n-bob', '밥');
  carol = await server.signUpMember('n-carol', '캐럴');
});
afterAll(async () => {
  await server?.stop();
  await push?.close();
});

describe('the notification list', () => {
  it('stores a FOLLOW notification without any push opt-in, with the follower as typeId', async () => {
    expect((await follow(bob, alice)).status).toBe(201);
    const data = await list(alice);
    expect(data.unreadCount).toBe(1);
    expect(data.notifications.content).toEqual([
      expect.objectContaining({
        notificationType: 'FOLLOW',
        typeId: bob.userId,
        content: '밥님이 회원님을 팔로우합니다.',
        statusType: 'UNREAD',
      }),
    ]);
    // A repeated follow is no new follow.
    await follow(bob, alice);
    expect((await list(alice)).notifications.totalElements).toBe(1);
  });

  it('pages 10 at a time, newest first, with a 0-based pageable and the same JSON for the same state', async () => {
    for (let i = 0; i < 11; i++)
      await server.deps.notifications.notifier.notify(
        debateEndedNotification({
          roomId: crypto.randomUUID(),
          title: `토론 ${i}`,
          userId: carol.userId,
          outcome: 'WIN',
          ending: 'VOTE',
          tally: { agreeNumber: 2, disagreeNumber: 1, neutralNumber: 0 },
          at: new Date(),
        }),
      );
    const first = await list(carol);
    expect(first.notifications.content).toHaveLength(10);
    expect(first.notifications.pageable.pageNumber).toBe(0);
    expect(first.notifications.totalPages).toBe(2);
    expect(first.notifications.content[0]?.content).toContain('토론 10');
    const second = await list(carol, 2);
    expect(second.notifications.pageable.pageNumber).toBe(1);
    expect(second.notifications.content.map((n) => n.content)).toEqual([
      "'토론 0' 토론에서 승리했습니다 (찬성 2 · 반대 1 · 기권 0)",
    ]);
    const again = await server.call('GET', `/api/notifications/${carol.userId}`, { token: carol.accessToken });
    const once = await server.call('GET', `/api/notifications/${carol.userId}`, { token: carol.accessToken });
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(once.body));
    expect((await list(carol, 3)).notifications.content).toEqual([]);
  });

  it('reads one, reads all, removes one and removes all', async () => {
    const ids = (await list(carol)).notifications.content.map((n) => n.id);
    expect((await server.call('PUT', `/api/notifications/${ids[0]}/read`, { token: carol.accessToken })).status).toBe(
      200,
    );
    const afterRead = await list(carol);
    expect(afterRead.unreadCount).toBe(10);
    expect(afterRead.notifications.content[0]?.statusType).toBe('READ');
    expect(
      (await server.call('PUT', `/api/notifications/${carol.userId}/readAll`, { token: carol.accessToken })).status,
    ).toBe(200);
    expect((await list(carol)).unreadCount).toBe(0);
    expect(
      (await server.call('DELETE', `/api/notifications/${ids[1]}/remove`, { token: carol.accessToken })).status,
    ).toBe(200);
    expect((await list(carol)).notifications.totalElements).toBe(10);
    expect(
      (await server.call('DELETE', `/api/notifications/${carol.userId}/removeAll`, { token: carol.accessToken }))
        .status,
    ).toBe(200);
    expect((await list(carol)).notifications.totalElements).toBe(0);
  });

  it("lets nobody read, read all, mark or delete another user's notifications", async () => {
    const aliceItem = (await list(alice)).notifications.content[0]!;
    const asBob = { token: bob.accessToken };
    expect((await server.call('GET', `/api/notifications/${alice.userId}`, asBob)).status).toBe(403);
    expect((await server.call('PUT', `/api/notifications/${alice.userId}/readAll`, asBob)).status).toBe(403);
    expect((await server.call('DELETE', `/api/notifications/${alice.userId}/removeAll`, asBob)).status).toBe(403);
    // Someone else's notification id answers like a missing one.
    const read = await server.call('PUT', `/api/notifications/${aliceItem.id}/read`, asBob);
    const missing = await server.call('PUT', '/api/notifications/999999/read', asBob);
    expect([read.status, read.body.code]).toEqual([missing.status, missing.body.code]);
    expect(read.status).toBe(404);
    expect((await server.call('DELETE', `/api/notifications/${aliceItem.id}/remove`, asBob)).status).toBe(404);
    const still = await list(alice);
    expect(still.notifications.content[0]).toEqual(aliceItem);
    expect((await server.call('GET', `/api/notifications/${alice.userId}`)).status).toBe(401);
    for (const bad of ['abc', '0', '-1', '1.5'])
      expect((await server.call('GET', `/api/notifications/${bad}`, asBob)).status).toBe(400);
    expect((await server.call('GET', `/api/notifications/${bob.userId}?page=0`, asBob)).status).toBe(400);
  });
});

describe('push subscriptions', () => {
  it('serves the VAPID public key, the same across restarts of the service', async () => {
    const res = await server.call('GET', '/api/notifications/vapidPublicKey', { token: alice.accessToken });
    expect(res.status).toBe(200);
    const key = (res.body.data as { publicKey: string }).publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(
      (await server.call('GET', '/api/notifications/vapidPublicKey', { token: bob.accessToken })).body.data,
    ).toEqual({ publicKey: key });
  });

  it('saves the subscription as a JSON token with isAllow "true", checks it and removes it', async () => {
    const client = push.subscribe();
    const token = JSON.stringify(client.toJSON());
    const save = await server.call('POST', '/api/notifications/saveToken', {
      token: alice.accessToken,
      json: { userId: alice.userId, token, isAllow: 'true' },
    });
    expect(save.status).toBe(200);
    const check = await server.call('POST', '/api/notifications/checkToken', {
      token: alice.accessToken,
      json: { userId: alice.userId, token },
    });
    expect(check.body.data).toEqual({ isExist: true, isAllow: true });
    const asObject = await server.call('POST', '/api/notifications/saveToken', {
      token: alice.accessToken,
      json: { userId: alice.userId, subscription: client.toJSON(), isAllow: false },
    });
    expect(asObject.status).toBe(200);
    expect(
      (
        await server.call('POST', '/api/notifications/checkToken', {
          token: alice.accessToken,
          json: { userId: alice.userId, token },
        })
      ).body.data,
    ).toEqual({ isExist: true, isAllow: false });
    expect(
      (
        await server.call('DELETE', '/api/notifications/removeToken', {
          token: alice.accessToken,
          json: { userId: alice.userId, token },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.call('POST', '/api/notifications/checkToken', {
          token: alice.accessToken,
          json: { userId: alice.userId, token },
        })
      ).body.data,
    ).toEqual({ isExist: false, isAllow: false });
  });

  it('refuses another user id, a legacy FCM token and malformed keys without a 500', async () => {
    const client = push.subscribe().toJSON();
    const call = (json: unknown) =>
      server.call('POST', '/api/notifications/saveToken', { token: alice.accessToken, json });
    expect((await call({ userId: bob.userId, subscription: client, isAllow: 'true' })).status).toBe(403);
    expect((await call({ userId: alice.userId, token: 'fcm-token-abc', isAllow: 'true' })).body.code).toBe(
      'INVALID_PUSH_SUBSCRIPTION',
    );
    expect(
      (
        await call({
          userId: alice.userId,
          subscription: { ...client, keys: { p256dh: 'AAAA', auth: client.keys.auth } },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call({ userId: alice.userId, subscription: { ...client, endpoint: 'ftp://example.com/x' } })).status,
    ).toBe(400);
    expect((await call({ userId: alice.userId, isAllow: 'maybe', subscription: client })).status).toBe(400);
    expect((await call({ userId: 'x' })).status).toBe(400);
  });
});
