import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { openTab, type LiveTab } from './live-client.js';
import { PushService, type PushClient } from './push-service.js';
import type { NotificationInput } from '../../src/notifications/notifier.js';
import { debateEndedNotification, recruitmentNotification } from '../../src/notifications/room-notices.js';

// Every notification arrives live in an open tab and by Web Push at a local push service.
let server: TestServer;
let push: PushService;
let alice: Session;
let bob: Session;
let admin: Session;
let tab: LiveTab;
let browser: PushClient;

const saveToken = (who: Session, client: PushClient) =>
  server.call('POST', '/api/notifications/saveToken', {
    token: who.accessToken,
    json: { userId: who.userId, token: JSON.stringify(client.toJSON()), isAllow: 'true' },
  });

beforeAll(async () => {
  push = await PushService.start();
  server = await startTestServer(push.serverEnv());
  alice = await server.signUpMember('d-alice', '앨리스');
  bob = await server.signUpMember('d-bob', '밥');
  admin = await server.signIn('admin');
  browser = push.subscribe();
  expect((await saveToken(alice, browser)).status).toBe(200);
  tab = await openTab(server, alice.accessToken);
});
afterAll(async () => {
  await tab?.close();
  await server?.stop();
  await push?.close();
});

const notify = (input: NotificationInput) => server.deps.notifications.notifier.notify(input);

const vapidKey = async () =>
  (
    (await server.call('GET', '/api/notifications/vapidPublicKey', { token: alice.accessToken })).body.data as {
      publicKey: string;
    }
  ).publicKey;

describe('delivery', () => {
  it('a follow', async () => {
    await server.call('POST', `/api/users/mypage/${alice.userId}/${bob.userId}/insertfollowers`, {
      token: bob.accessToken,
    });
    const [frame] = await tab.waitFor(1);
    expect(frame).toMatchObject({
      type: 'NOTIFICATION',
      unreadCount: 1,
      notification: {
        notificationType: 'FOLLOW',
        typeId: bob.userId,
        content: '밥님이 회원님을 팔로우합니다.',
        statusType: 'UNREAD',
      },
    });
    const [payload] = await push.waitFor(browser, 1);
    expect(payload).toEqual({ title: '알림', body: '밥님이 회원님을 팔로우합니다.', url: `/user-page/${bob.userId}` });
    const [received] = push.pushesFor(browser);
    expect(received?.headers['content-encoding']).toBe('aes128gcm');
    expect(received?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${await vapidKey()}$`),
    );
    expect(Number(received?.headers.ttl)).toBeGreaterThan(0);
  });

  it('a processed report', async () => {
    const filed = await server.call('POST', '/api/report', {
      token: bob.accessToken,
      json: { targetUserId: alice.userId, targetType: 'PROFILE', targetRoomId: null, content: '', reportType: 'SPAM' },
    });
    const id = (filed.body.data as { id: number }).id;
    await server.call('PUT', `/api/admin/reports/${id}`, {
      token: admin.accessToken,
      json: { result: 'WARNING', reportContent: '광고 게시', assignedUserId: admin.userId },
    });
    const frames = await tab.waitFor(2);
    const text = "'스팸/광고' 사유로 운영자에게 '경고' 처분을 받았습니다.";
    expect(frames[1]).toMatchObject({
      unreadCount: 2,
      notification: { notificationType: 'REPORT', typeId: id, content: text },
    });
    expect((await push.waitFor(browser, 2))[1]).toEqual({ title: '알림', body: text, url: '/main' });
  });

  it('a completed recruitment (CHAT, with the room)', async () => {
    const roomId = crypto.randomUUID();
    await notify(recruitmentNotification({ roomId, userId: alice.userId, at: new Date() }));
    const frames = await tab.waitFor(3);
    expect(frames[2]).toMatchObject({
      notification: {
        notificationType: 'CHAT',
        typeId: alice.userId,
        roomId,
        content: '참가 중인 토론방의 대기가 완료되었습니다.',
      },
    });
    expect((await push.waitFor(browser, 3))[2]).toEqual({
      title: '알림',
      body: '참가 중인 토론방의 대기가 완료되었습니다.',
      url: `/debate-zone/${roomId}`,
    });
  });

  it('a result (DEBATE)', async () => {
    const roomId = crypto.randomUUID();
    await notify(
      debateEndedNotification({
        roomId,
        title: '기본소득 도입',
        userId: alice.userId,
        outcome: 'LOSS',
        ending: 'VOTE',
        tally: { agreeNumber: 1, disagreeNumber: 2, neutralNumber: 0 },
        at: new Date(),
      }),
    );
    const frames = await tab.waitFor(4);
    const text = "'기본소득 도입' 토론에서 패배했습니다 (찬성 1 · 반대 2 · 기권 0)";
    expect(frames[3]).toMatchObject({
      unreadCount: 4,
      notification: { notificationType: 'DEBATE', roomId, content: text },
    });
    expect((await push.waitFor(browser, 4))[3]).toEqual({ title: '알림', body: text, url: `/archived-room/${roomId}` });
  });

  it("reaches only its own user: another member's tab gets nothing", async () => {
    const bobTab = await openTab(server, bob.accessToken);
    await notify(
      debateEndedNotification({
        roomId: crypto.randomUUID(),
        title: '',
        userId: alice.userId,
        outcome: null,
        ending: 'COMPLETED',
        tally: null,
        at: new Date(),
      }),
    );
    await tab.waitFor(5);
    expect(bobTab.frames).toEqual([]);
    await bobTab.close();
  });

  it('drops a subscription the push service answers 404 or 410 for, and keeps the others', async () => {
    const gone = push.subscribe();
    const missing = push.subscribe();
    await saveToken(alice, gone);
    await saveToken(alice, missing);
    push.answer(gone, 410);
    push.answer(missing, 404);
    await notify(
      debateEndedNotification({
        roomId: crypto.randomUUID(),
        title: '',
        userId: alice.userId,
        outcome: 'DRAW',
        ending: 'VOTE',
        tally: { agreeNumber: 0, disagreeNumber: 0, neutralNumber: 0 },
        at: new Date(),
      }),
    );
    await server.deps.notifications.notifier.settled();
    expect(push.pushesFor(gone)).toHaveLength(1);
    expect(push.pushesFor(missing)).toHaveLength(1);
    const exists = async (c: PushClient) =>
      (
        (
          await server.call('POST', '/api/notifications/checkToken', {
            token: alice.accessToken,
            json: { userId: alice.userId, token: JSON.stringify(c.toJSON()) },
          })
        ).body.data as { isExist: boolean }
      ).isExist;
    expect(await exists(gone)).toBe(false);
    expect(await exists(missing)).toBe(false);
    expect(await exists(browser)).toBe(true);
    expect(push.pushesFor(browser)).toHaveLength(6);
  });

  it('refuses a socket without a valid token and any other destination', async () => {
    await expect(openTab(server, 'not-a-token')).rejects.toThrow(/ERROR|closed/);
    const other = await openTab(server, bob.accessToken, '/ws/notifications', `/user/queue/replies`);
    expect(other.frames).toEqual([expect.objectContaining({ code: 'UNKNOWN_DESTINATION' })]);
    await other.close();
  });
});
