/**
 * The server's SQLite connection no longer checkpoints inside its commits; a worker thread does it
 * beside them. Proven on a real file: writes that would grow the WAL without end leave it
 * restarted from the beginning once the worker has checkpointed, and the data is all there.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteStorage } from '../../src/db/sqlite-storage.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('WAL checkpoints off the event loop', () => {
  it('leaves commits to the WAL and checkpoints from the worker, so the WAL restarts instead of growing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'toron-wal-'));
    dirs.push(dir);
    const storage = openSqliteStorage(dir);
    const { sqlite } = storage.database;
    const wal = path.join(dir, 'toron.db-wal');
    const rows = () => (sqlite.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n;
    try {
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      sqlite.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
      const insert = sqlite.prepare('INSERT INTO filler (text) VALUES (?)');
      const round = (n: number) => {
        for (let i = 0; i < n; i++) sqlite.transaction(() => insert.run('가'.repeat(2_000)))();
      };
      round(400); // about 800 pages, each commit its own WAL frames
      // Without checkpoints every write would lengthen the WAL file. Once the worker has copied every
      // frame back, the next write starts the WAL over from its beginning: writes then leave its length alone.
      await vi.waitFor(
        () => {
          const before = statSync(wal).size;
          round(20);
          expect(statSync(wal).size).toBe(before);
        },
        { timeout: 10_000, interval: 300 },
      );
      expect(rows()).toBeGreaterThan(400);
    } finally {
      await storage.close();
    }
  });
});
