/**
 * A room's notifications survive a SIGKILL: they commit with the room's batch or not at all. Two
 * rooms — one ending by its last turn's timer, one whose recruitment completes while its PRO
 * debater is away — are brought to those moments, the server is killed and started again on the
 * same database, and each debater ends with exactly one DEBATE notification (and the away debater
 * one CHAT), each pushed to their browser exactly once. On PostgreSQL the test holds a lock on
 * the notifications table while the rooms reach those moments, so the kill lands exactly between
 * a room's events and its notifications: anything that writes them after the room's commit loses
 * them. On SQLite, where the test cannot hold the server between two statements, the kill follows
 * the clients seeing the ending and the recruitment and their pushes: the start after it derives
 * nothing again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from '../../loadtest/child-server.js';
import { createRoom, type Member } from '../../loadtest/identity.js';
import { PushService, type PushClient } from '../notifications/push-service.js';
import { ENGINES, freshDatabase, type FreshDatabase } from '../support/engines.js';
import { FAST_DEBATES, members, Participant, until, type ChildServer } from './support.js';

type Item = { notificationType: string; roomId?: string; content: string };

const listOf = async (server: ChildServer, m: Member): Promise<Item[]> => {
  const res = await fetch(`${server.url}/api/notifications/${m.userId}?page=1`, {
    headers: { Authorization: `Bearer ${m.accessToken}` },
  });
  return ((await res.json()) as { data: { notifications: { content: Item[] } } }).data.notifications.content;
};

const saveToken = async (server: ChildServer, m: Member, browser: PushClient) => {
  const res = await fetch(`${server.url}/api/notifications/saveToken`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${m.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ userId: m.userId, token: JSON.stringify(browser.toJSON()), isAllow: 'true' }),
  });
  expect(res.status).toBe(200);
};

/** Transactions of the server waiting for the test's lock on the notifications table. */
const lockWaiters = async (client: pg.Client): Promise<number> => {
  const { rows } = await client.query<{ n: string }>(`
    SELECT count(*) AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
    WHERE c.relname = 'notifications' AND NOT l.granted
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  return Number(rows[0]!.n);
};

const sawLastTurn = (p: Participant) => p.seen.some((e) => e.type === 'TurnStarted' && e.index === 5);
const recruited = (p: Participant) => p.has('RecruitmentCompleted');

describe.each(ENGINES)('room notifications across a SIGKILL on %s', (engine) => {
  let database: FreshDatabase;
  let push: PushService;
  const servers: ChildServer[] = [];
  const everyone: Participant[] = [];
  const start = (port?: number) =>
    startChildServer({
      dataDir: database.dataDir,
      port,
      env: { ...database.env, ...FAST_DEBATES, ...push.serverEnv() },
    });
  beforeAll(async () => {
    database = await freshDatabase(engine);
    push = await PushService.start();
  });
  afterAll(async () => {
    for (const p of everyone) p.close();
    for (const s of servers) await s.kill('SIGKILL');
    await push?.close();
    await database?.drop();
  });

  it('each debater gets one DEBATE notification, the away debater one CHAT, each pushed once', async () => {
    const first = await start();
    servers.push(first);
    const [endPro, endCon, waitPro, waitCon] = (await members(first, 4)) as [Member, Member, Member, Member];
    const browsers = new Map<Member, PushClient>();
    for (const m of [endPro, endCon, waitPro]) {
      browsers.set(m, push.subscribe());
      await saveToken(first, m, browsers.get(m)!);
    }
    const settings = { time: 'T3', speakCount: 'THREE', resultEnabled: false } as const;
    const ending = await createRoom(first.url, endPro.accessToken, { ...settings, title: '끝나는 토론' });
    const waiting = await createRoom(first.url, waitPro.accessToken, { ...settings, title: '기다리는 토론' });
    const debaters = [
      new Participant(endPro, ending, { kind: 'debater', side: 'PRO' }),
      new Participant(endCon, ending, { kind: 'debater', side: 'CON' }),
    ];
    const away = new Participant(waitPro, waiting, { kind: 'debater', side: 'PRO' });
    const joiner = new Participant(waitCon, waiting, { kind: 'debater', side: 'CON' });
    everyone.push(...debaters, away, joiner);

    const expected = [
      { who: endPro, type: 'DEBATE', roomId: ending },
      { who: endCon, type: 'DEBATE', roomId: ending },
      { who: waitPro, type: 'CHAT', roomId: waiting },
    ];
    const pushedFor = (m: Member, roomId: string) =>
      push
        .pushesFor(browsers.get(m)!)
        .map((p) => JSON.parse(browsers.get(m)!.decrypt(p.body)) as { url: string })
        .filter((p) => p.url.endsWith(roomId));
    const allPushed = () => expected.every(({ who, roomId }) => pushedFor(who, roomId).length > 0);

    for (const p of [...debaters, away]) await p.connect(first);
    // The PRO debater of the waiting room drops; the room keeps the seat through the grace.
    away.close();
    await joiner.connect(first, false);
    await until(() => joiner.has('DebaterDisconnected'), 'the away debater to be noticed');
    await until(() => debaters.every(sawLastTurn), 'the last turn', 60_000);

    const locker = engine === 'postgres' ? new pg.Client({ connectionString: database.env.DATABASE_URL }) : null;
    if (locker) {
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE notifications IN EXCLUSIVE MODE');
      // The recruitment's notification and the ending's now wait for the lock, wherever they are written.
      void joiner.takePlace().catch(() => undefined);
      const end = Date.now() + 30_000;
      while ((await lockWaiters(locker)) < 2) {
        if (Date.now() > end) throw new Error('the rooms never wrote their notifications');
        await new Promise((r) => setTimeout(r, 25));
      }
    } else {
      await joiner.takePlace();
      await until(() => recruited(joiner) && debaters.every((p) => p.ended), 'the recruitment and the ending');
      // A push claimed by a node that dies is held a minute before another sends it: let these go out first.
      await until(allPushed, 'the pushes');
    }
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    if (locker) {
      await locker.query('COMMIT');
      await locker.end();
    }

    const second = await start(first.port);
    servers.push(second);
    // Whatever was not committed happens again: the debaters come back, the joiner joins (again).
    for (const p of [...debaters, joiner]) if (!p.ended) await p.connect(second);
    await until(() => recruited(joiner) && debaters.every((p) => p.ended), 'the recruitment and the ending', 60_000);

    await until(allPushed, 'the pushes');
    for (const { who, type, roomId } of expected) {
      const items = (await listOf(second, who)).filter((n) => n.roomId === roomId);
      expect(items.map((n) => n.notificationType)).toEqual([type]);
    }
    expect((await listOf(second, waitCon)).filter((n) => n.notificationType === 'CHAT')).toEqual([]);
    // A graceful stop finishes the pushes in flight: none went out twice.
    expect((await second.kill('SIGTERM')).code).toBe(0);
    for (const { who, roomId } of expected) expect(pushedFor(who, roomId)).toHaveLength(1);
  }, 150_000);
});
