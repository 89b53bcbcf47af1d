import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SqliteStorage } from '../../src/db/sqlite-storage.js';
import { startTestServer } from '../support/server.js';

const migration = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/0009_room_winner.sql');

describe('rooms that ended before the winner column existed', () => {
  it('get from their logs the winner, end time and counts the projector writes (votes, walkovers, none)', async () => {
    const server = await startTestServer();
    try {
      const { sqlite } = (server.deps.storage as SqliteStorage).database;
      const winners = () =>
        sqlite
          .prepare(
            'SELECT id, phase, winner, ended_at, agree_number, disagree_number, neutral_number, total_votes' +
              ' FROM debate_rooms ORDER BY id',
          )
          .all() as { id: string; phase: string; winner: string | null }[];
      // The demo debates were projected by this version: every kind of ending is there.
      const projected = winners();
      const phases = new Set(projected.map((r) => `${r.phase}:${r.winner ?? '-'}`));
      for (const kind of ['closed:PRO', 'closed:CON', 'wonByDefault:PRO', 'wonByDefault:CON'])
        expect(phases, kind).toContain(kind);
      // As an older version left them: no winner; rooms stored whole without end time or counts.
      sqlite
        .prepare(
          'UPDATE debate_rooms SET winner = NULL, ended_at = NULL,' +
            ' agree_number = 0, disagree_number = 0, neutral_number = 0, total_votes = 0',
        )
        .run();
      const backfill = readFileSync(migration, 'utf8').split('--> statement-breakpoint').slice(1);
      expect(backfill).toHaveLength(3);
      for (const statement of backfill) sqlite.prepare(statement).run();
      expect(winners()).toEqual(projected);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
