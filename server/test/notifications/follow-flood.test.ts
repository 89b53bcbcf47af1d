/**
 * A member who follows and unfollows someone in a loop: the loop is rate-limited, and the
 * victim hears of the follower once (one notification, at most one push), while a bystander
 * keeps chatting and another member's follow still arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../debates/support.js';
import { expectTooMany } from '../security/envelope.js';
import { Bystander, expectServed } from '../support/bystander.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { PushService } from './push-service.js';

let server: TestServer;
let push: PushService;
beforeAll(async () => {
  push = await PushService.start();
  // An hour's window: the allowance does not refill while the loop runs, however slow the machine.
  server = await startTestServer({ ...push.serverEnv(), RATE_LIMIT_FOLLOW: '30/1h' });
});
afterAll(async () => {
  await server?.stop();
  await push?.close();
});

type Notices = { unreadCount: number; notifications: { content: { notificationType: string; typeId: number }[] } };

describe('a follow/unfollow loop', () => {
  it('100 cycles give the victim one notification and one push; past the limit the loop gets 429', async () => {
    const [victim, attacker, friend] = await members(server, 3, '팔로');
    const browser = push.subscribe();
    const saved = await server.call('POST', '/api/notifications/saveToken', {
      token: victim!.accessToken,
      json: { userId: victim!.userId, token: JSON.stringify(browser.toJSON()), isAllow: 'true' },
    });
    expect(saved.status).toBe(200);
    const bystander = await Bystander.start(server);

    const follow = (who: Session, method: 'POST' | 'DELETE') =>
      server.call(
        method,
        `/api/users/mypage/${victim!.userId}/${who.userId}/${method === 'POST' ? 'insert' : 'delete'}followers`,
        { token: who.accessToken },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const [on, off] = await Promise.all([follow(attacker!, 'POST'), follow(attacker!, 'DELETE')]);
      statuses.push(on.status, off.status);
    }
    expectTooMany(
      await follow(attacker!, 'POST'),
      'FOLLOW_RATE_LIMITED',
      '팔로우를 너무 자주 바꾸고 있습니다. 잠시 후 다시 시도해주세요.',
      '120',
    );

    // Someone else's follow is still announced.
    expect((await follow(friend!, 'POST')).status).toBe(201);
    await server.deps.notifications.notifier.settled();
    const list = await server.call('GET', `/api/notifications/${victim!.userId}`, { token: victim!.accessToken });
    const notices = (list.body.data as Notices).notifications.content;
    const pushes = push.pushesFor(browser).length;
    const accepted = statuses.filter((s) => s < 300).length;
    console.log(
      `[follow flood] ${accepted} of ${statuses.length} follow changes accepted, ` +
        `${statuses.length - accepted} refused; ` +
        `victim got ${notices.length} notifications and ${pushes} pushes`,
    );
    expect(new Set(statuses)).toEqual(new Set([201, 200, 429]));
    expect(accepted).toBe(30);
    expect(notices.map((n) => [n.notificationType, n.typeId])).toEqual([
      ['FOLLOW', friend!.userId],
      ['FOLLOW', attacker!.userId],
    ]);
    expect(pushes).toBe(2);
    expectServed(await bystander.stop('follow flood'));
  });
});
