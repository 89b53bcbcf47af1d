import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readRecordedRooms } from '@toron/fixtures';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../../src/db/sqlite-storage.js';
import { INITIAL_STANDING, rateInOrder } from '../../src/ranking/debate-rating.js';
import { bringRatingsUpToDate, ratedDebatesFromLogs, recomputeRatings } from '../../src/ranking/recompute.js';
import { startTestServer } from '../support/server.js';

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const dir = mkdtempSync(path.join(tmpdir(), 'toron-elo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database as the Elo version left it: migrations up to the Elo table, room logs, Elo ratings. */
function eloEraDatabase(file: string): void {
  const old = path.join(dir, 'drizzle-elo');
  cpSync(migrations, old, { recursive: true });
  const journalFile = path.join(old, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag.endsWith('_glicko_ratings'));
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last);
  writeFileSync(journalFile, JSON.stringify(journal));
  const sqlite = new Database(file);
  const db = drizzle(sqlite);
  migrate(db, { migrationsFolder: old });
  const append = sqlite.prepare(
    'INSERT INTO room_events (room_id, seq, at, type, payload, v) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const room of readRecordedRooms()) {
    const { roomId } = room.events[0] as { roomId: string };
    for (const e of room.events) append.run(roomId, e.seq, e.at, e.type, JSON.stringify(e), e.v);
  }
  sqlite
    .prepare('INSERT INTO debater_ratings (user_id, rating_milli, games, updated_at) VALUES (2, 1516000, 1, 0)')
    .run();
  sqlite.close();
}

describe('moving from Elo to Glicko-2', () => {
  it('drops the Elo ratings and recomputes every rating from the room logs once, at start-up', async () => {
    eloEraDatabase(path.join(dir, 'toron.db'));
    const storage = openSqliteStorage(dir);
    try {
      expect((await storage.ratings.allStandings()).size).toBe(0);
      const report = await bringRatingsUpToDate(storage, 1);
      // The recordings with a result: three votes and two walkovers.
      expect(report).toMatchObject({ debates: 5, differing: report!.members });
      const expected = rateInOrder(await ratedDebatesFromLogs(storage), () => INITIAL_STANDING).standings;
      expect(await storage.ratings.allStandings()).toEqual(expected);
      expect((await storage.ratings.allStandings()).get(2)!.rating).not.toBe(1516);
      expect(await bringRatingsUpToDate(storage, 2)).toBeNull();
    } finally {
      await storage.close();
    }
  });

  it('gives the seeded demo debates Glicko-2 ratings that a recompute reproduces', async () => {
    const server = await startTestServer();
    try {
      const viewer = await server.signUpMember(`demo-rating-${process.pid}`, '데모레이팅');
      const get = async (path: string) =>
        (await server.call('GET', path, { token: viewer.accessToken })).body.data as any;
      // The five regulars of the demo season are ranked, with records that come from the same debates.
      const ranking = (await get('/api/users/followers')) as any[];
      expect(ranking.map((d) => d.nickname)).toEqual(['김민지', '이준호', '정하은', '박서연', '최도윤']);
      for (const d of ranking) expect(d.wins + d.draws + d.losses).toBeGreaterThanOrEqual(12);
      // 윤유나 won her only debate and 강지호 has a few: high ratings, but provisional and off the ranking.
      const byName = new Map<string, number>();
      for (const name of ['윤유나', '강지호']) {
        const found = (await get(`/api/users/followers?query=${encodeURIComponent(name)}`)) as any[];
        expect(found).toEqual([]);
      }
      for (const name of ['윤유나', '강지호']) {
        const [user] = await server.deps.storage.users.findByNickname(name);
        byName.set(name, user!.id);
      }
      const yuna = await get(`/api/ratings/users/${byName.get('윤유나')}`);
      expect(yuna).toMatchObject({ provisional: true, ratedDebates: 1 });
      expect(yuna.rating).toBeGreaterThan(ranking[0].rating);
      expect(await get(`/api/ratings/users/${byName.get('강지호')}`)).toMatchObject({ provisional: true });
      expect(await recomputeRatings(server.deps.storage, Date.now(), false)).toMatchObject({
        debates: 38,
        differing: 0,
      });
    } finally {
      await server.stop();
    }
  });
});
