import { avg, count, desc, inArray } from 'drizzle-orm';
import type { PgDb } from '../db/postgres.js';
import { toSummary, type SwingStore } from './store.js';
import { debaterSwings } from './tables.pg.js';

const summary = { userId: debaterSwings.userId, average: avg(debaterSwings.swing), debates: count() };

/** The swing store on PostgreSQL; a repeated record is a no-op (primary key, ON CONFLICT DO NOTHING). */
export function pgSwingStore(db: PgDb): SwingStore {
  return {
    async record(roomId, measuredAt, swings) {
      if (swings.length === 0) return;
      const rows = swings.map((s) => ({ roomId, userId: s.userId, side: s.side, swing: s.swing, measuredAt }));
      await db.insert(debaterSwings).values(rows).onConflictDoNothing();
    },
    async summaries(userIds) {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select(summary)
        .from(debaterSwings)
        .where(inArray(debaterSwings.userId, [...userIds]))
        .groupBy(debaterSwings.userId);
      return new Map(rows.map((row) => [row.userId, toSummary(row)]));
    },
    async mostPersuasive(offset, limit) {
      const rows = await db
        .select(summary)
        .from(debaterSwings)
        .groupBy(debaterSwings.userId)
        .orderBy(desc(avg(debaterSwings.swing)), desc(count()), debaterSwings.userId)
        .limit(limit)
        .offset(offset);
      return rows.map(toSummary);
    },
  };
}
