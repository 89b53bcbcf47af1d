import { avg, count, desc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { toSummary, type SwingStore } from './store.js';
import { debaterSwings } from './tables.js';

const summary = { userId: debaterSwings.userId, average: avg(debaterSwings.swing), debates: count() };

/** The swing store on SQLite. */
export function sqliteSwingStore(db: Db): SwingStore {
  return {
    async record(roomId, measuredAt, swings) {
      for (const s of swings) {
        db.insert(debaterSwings)
          .values({ roomId, userId: s.userId, side: s.side, swing: s.swing, measuredAt })
          .onConflictDoNothing()
          .run();
      }
    },
    async summaries(userIds) {
      if (userIds.length === 0) return new Map();
      const rows = db
        .select(summary)
        .from(debaterSwings)
        .where(inArray(debaterSwings.userId, [...userIds]))
        .groupBy(debaterSwings.userId)
        .all();
      return new Map(rows.map((row) => [row.userId, toSummary(row)]));
    },
    async mostPersuasive(offset, limit) {
      return db
        .select(summary)
        .from(debaterSwings)
        .groupBy(debaterSwings.userId)
        .orderBy(desc(avg(debaterSwings.swing)), desc(count()), debaterSwings.userId)
        .limit(limit)
        .offset(offset)
        .all()
        .map(toSummary);
    },
  };
}
