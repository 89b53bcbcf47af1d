/**
 * A follow and its FOLLOW notification commit together or not at all, on both engines. The test
 * makes the database itself refuse every new notification (a trigger, installed over its own
 * connection): the follow must then fail and leave no follow behind — a follow committed before its
 * notification would stay. Once the trigger is gone the follow commits with its notification,
 * which is listed as soon as the follow has answered and pushed to the followed member once,
 * however often the follower repeats, unfollows and follows again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../debates/support.js';
import { acceptInserts, refuseInserts } from '../support/ddl.js';
import { ENGINES } from '../support/engines.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { PushService } from './push-service.js';

type Notices = { notifications: { content: { notificationType: string; typeId: number }[] } };

describe.each(ENGINES)('a follow and its notification on %s', (engine) => {
  let server: TestServer;
  let push: PushService;
  beforeAll(async () => {
    push = await PushService.start();
    server = await startTestServer(push.serverEnv(), engine);
  });
  afterAll(async () => {
    await server?.stop();
    await push?.close();
  });

  it('commit together: a refused notice undoes the follow; an accepted one is listed and pushed once', async () => {
    const [followee, follower] = (await members(server, 2, '팔커')) as [Session, Session];
    const browser = push.subscribe();
    const saved = await server.call('POST', '/api/notifications/saveToken', {
      token: followee.accessToken,
      json: { userId: followee.userId, token: JSON.stringify(browser.toJSON()), isAllow: 'true' },
    });
    expect(saved.status).toBe(200);
    const follow = (method: 'POST' | 'DELETE') =>
      server.call(
        method,
        `/api/users/mypage/${followee.userId}/${follower.userId}/${method === 'POST' ? 'insert' : 'delete'}followers`,
        { token: follower.accessToken },
      );
    const followers = async () =>
      (
        (await server.call('GET', `/api/users/mypage/${followee.userId}/followers`, { token: followee.accessToken }))
          .body.data as { followerId: number }[]
      ).map((f) => f.followerId);
    const notices = async () =>
      (
        (await server.call('GET', `/api/notifications/${followee.userId}`, { token: followee.accessToken })).body
          .data as Notices
      ).notifications.content.map((n) => [n.notificationType, n.typeId]);

    await refuseInserts(server, 'notifications');
    expect((await follow('POST')).status).toBe(500);
    expect(await followers()).toEqual([]);
    expect(await notices()).toEqual([]);

    await acceptInserts(server, 'notifications');
    expect((await follow('POST')).status).toBe(201);
    // Listed as soon as the follow has answered: it was committed in the same transaction.
    expect(await notices()).toEqual([['FOLLOW', follower.userId]]);
    expect((await follow('POST')).status).toBe(201);
    expect((await follow('DELETE')).status).toBe(200);
    expect((await follow('POST')).status).toBe(201);
    expect(await followers()).toEqual([follower.userId]);

    await server.deps.notifications.notifier.settled();
    expect(await notices()).toEqual([['FOLLOW', follower.userId]]);
    const pushed = push.pushesFor(browser).map((p) => JSON.parse(browser.decrypt(p.body)) as { url: string });
    expect(pushed).toEqual([expect.objectContaining({ url: expect.stringContaining(String(follower.userId)) })]);
  });
});
