/**
 * A follow and its FOLLOW notification commit together or not at all, on both engines. The test
 * makes the database itself refuse every new notification (a trigger, installed over its own
 * connection): the follow must then fail and leave no follow behind — a follow committed before its
 * notification would stay. Once the trigger is gone the follow commits with its notification,
 * which is listed as soon as the follow has answered and pushed to the followed member once,
 * however often the follower repeats, unfollows and follows again.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../debates/support.js';
import { ENGINES, type Engine } from '../support/engines.js';
import { adminQuery } from '../support/pg-cluster.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { PushService } from './push-service.js';

/** Runs DDL over a connection of the test's own, beside the server's. */
async function ddl(server: TestServer, engine: Engine, sqlite: string, postgres: string): Promise<void> {
  if (engine === 'postgres') {
    await adminQuery(server.database.env.DATABASE_URL!, postgres);
    return;
  }
  const db = new Database(path.join(server.dataDir, 'toron.db'));
  try {
    db.exec(sqlite);
  } finally {
    db.close();
  }
}

const refuseNotifications = (server: TestServer, engine: Engine) =>
  ddl(
    server,
    engine,
    "CREATE TRIGGER refuse_notifications BEFORE INSERT ON notifications BEGIN SELECT RAISE(ABORT, 'refused'); END",
    `CREATE FUNCTION refuse_notifications() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
     CREATE TRIGGER refuse_notifications BEFORE INSERT ON notifications
       FOR EACH ROW EXECUTE FUNCTION refuse_notifications()`,
  );

const acceptNotifications = (server: TestServer, engine: Engine) =>
  ddl(
    server,
    engine,
    'DROP TRIGGER refuse_notifications',
    'DROP TRIGGER refuse_notifications ON notifications; DROP FUNCTION refuse_notifications()',
  );

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

    await refuseNotifications(server, engine);
    expect((await follow('POST')).status).toBe(500);
    expect(await followers()).toEqual([]);
    expect(await notices()).toEqual([]);

    await acceptNotifications(server, engine);
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
