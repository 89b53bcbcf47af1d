/**
 * `pnpm db:copy`: an embedded server's data directory — the demo season and recorded debates,
 * a room still live, members' likes, follows, reports, notifications, an uploaded picture, the
 * generated VAPID keys — copied into an empty PostgreSQL database replays to identical room states,
 * keeps every projection, and a server started on the copy carries on where the old one stopped.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { replay } from '@toron/engine';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySqliteToPostgres, firstNonEmptyTable } from '../../src/db/copy.js';
import { openPostgres, type PgConnection } from '../../src/db/postgres.js';
import { openSqliteStorage, type SqliteStorage } from '../../src/db/sqlite-storage.js';
import type { Storage } from '../../src/db/storage.js';
import { createRoom, members, seatPair, startDebateServer } from '../debates/support.js';
import { freshDatabase, storageOn, type FreshDatabase } from '../support/engines.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { PNG_1x1 } from '../security/world.js';

let embedded: TestServer;
let target: FreshDatabase;
let source: SqliteStorage;
let copied: Storage;
let liveRoom: string;
let picture: string;
let report: Awaited<ReturnType<typeof copySqliteToPostgres>>;

beforeAll(async () => {
  embedded = await startDebateServer({ DEBATE_TIME_SCALE: '1', DEBATE_RECONNECT_GRACE_SECONDS: '600' });
  const [pro, con, fan] = await members(embedded, 3, '복사');
  liveRoom = await createRoom(embedded, pro!.accessToken, { title: '복사 중인 토론' });
  const [a, b] = await seatPair(embedded, liveRoom, pro!, con!);
  const topic = `/topic/debate/${liveRoom}`;
  await b.waitFor(topic, (bodies) => bodies.some((x) => x.event === 'STATUS' && x.status === 'DEBATE'));
  // Whichever side speaks first: one of the two speeches is in its turn.
  for (const live of [a, b]) live.send(`/app/debate/${liveRoom}`, { message: '복사 전 발언' });
  await b.waitFor(topic, (bodies) => bodies.some((x) => x.event === 'MESSAGE'));
  const form = new FormData();
  form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'a.png');
  const uploaded = await embedded.call('PUT', `/api/users/mypage/${fan!.userId}`, {
    token: fan!.accessToken,
    body: form,
  });
  picture = (uploaded.body.data as { profileUrl: string }).profileUrl;
  const news = (await embedded.call('GET', '/api/news', { token: fan!.accessToken })).body.data as {
    content: { id: number }[];
  };
  await embedded.call('POST', `/api/news/${news.content[0]!.id}/like`, { token: fan!.accessToken });
  await embedded.call('POST', `/api/users/mypage/${pro!.userId}/${fan!.userId}/insertfollowers`, {
    token: fan!.accessToken,
  });
  await embedded.call('POST', '/api/report', {
    token: fan!.accessToken,
    json: { targetUserId: con!.userId, targetType: 'PROFILE', reportType: 'SPAM' },
  });
  await embedded.deps.notifications.notifier.settled();
  for (const live of [a, b]) await live.client.deactivate({ force: true });
  await embedded.close();

  source = openSqliteStorage(embedded.dataDir);
  target = await freshDatabase('postgres');
  const pg: PgConnection = await openPostgres(target.env.DATABASE_URL!, pino({ level: 'silent' }), 'tool');
  try {
    expect(await firstNonEmptyTable(pg.db)).toBeUndefined();
    // Small statements, so the long tables (the room logs) are read and written in many chunks.
    report = await copySqliteToPostgres(source.database.db, embedded.dataDir, pg.db, 100);
    expect(await firstNonEmptyTable(pg.db)).toBe('users');
  } finally {
    await pg.close();
  }
  copied = await storageOn(target);
}, 120_000);

afterAll(async () => {
  await copied?.close();
  await source?.close();
  await target?.drop();
  await embedded?.database.drop();
});

describe('copying an embedded server into PostgreSQL', () => {
  it('copies every row of every table', () => {
    const { sqlite } = source.database;
    for (const [table, rows] of Object.entries(report.tables)) {
      const { n } = sqlite.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
      expect(rows, table).toBe(n);
    }
    expect(report.tables.room_events).toBeGreaterThan(500);
    expect(report.tables.rating_changes).toBeGreaterThan(0);
    expect(report.secrets).toEqual(['vapid.json']);
    expect(report.uploads).toBe(1);
  });

  it('replays every room to the state it had: the same logs, the same states', async () => {
    const rooms = (
      source.database.sqlite.prepare('SELECT DISTINCT room_id AS id FROM room_events').all() as { id: string }[]
    ).map((r) => r.id);
    expect(rooms.length).toBeGreaterThan(30);
    for (const id of rooms) {
      const before = await source.roomEvents.load(id);
      const after = await copied.roomEvents.load(id);
      expect(after, id).toEqual(before);
      expect(replay(after), id).toEqual(replay(before));
    }
    expect(replay(await copied.roomEvents.load(liveRoom)).phase).toBe('debating');
  });

  it('keeps the projections, ratings, secrets and ids', async () => {
    expect(await copied.rooms.liveIds()).toEqual(await source.rooms.liveIds());
    const finished = { sort: 'recent' } as const;
    expect(await copied.rooms.finished(finished, 0, 100)).toEqual(await source.rooms.finished(finished, 0, 100));
    expect(await copied.ratings.allStandings()).toEqual(await source.ratings.allStandings());
    const ids = Array.from({ length: report.tables.users! }, (_, i) => i + 1);
    expect(await copied.users.findByIds(ids)).toEqual(await source.users.findByIds(ids));
    expect(await copied.secrets.obtain('vapid.json', () => 'new')).toBe(
      await readFile(path.join(embedded.dataDir, 'vapid.json'), 'utf8'),
    );
    // New rows get new ids after the copied ones.
    const next = await copied.users.insert({
      provider: 'google',
      subject: 'after-copy',
      nickname: '복사후',
      role: 'ROLE_MEMBER',
    });
    expect(next.id).toBe(report.tables.users! + 1);
  });

  it('lets a server on the copy carry on: the live room, the picture, the lists', async () => {
    const server = await startTestServer({ DATABASE_URL: target.env.DATABASE_URL! });
    try {
      const [reader] = await members(server, 1, '새서버');
      const info = await server.call('GET', `/api/debates/${liveRoom}`, { token: reader!.accessToken });
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ title: '복사 중인 토론', status: 'DEBATE' });
      const image = await fetch(`${server.url}${new URL(picture, server.url).pathname}`);
      expect(image.status).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const finished = await server.call('GET', '/api/debates/debateRoom/finished?p=1', { token: reader!.accessToken });
      expect((finished.body.data as { totalElements: number }).totalElements).toBeGreaterThan(30);
    } finally {
      await server.close();
    }
  });
});
