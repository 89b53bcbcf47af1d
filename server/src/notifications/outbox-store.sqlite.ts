import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outboxRow, queuedValues, type PushOutboxStore } from './outbox-store.js';
import { pushOutbox } from './tables.js';

/** The push outbox on SQLite (one process: its clock is the database's). */
export function sqlitePushOutboxStore(db: Db): PushOutboxStore {
  return {
    async add(pushes) {
      if (pushes.length > 0) db.insert(pushOutbox).values(pushes.map(queuedValues)).run();
    },
    async claim(limit, holdMs) {
      const now = Date.now();
      const free = db
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(lte(pushOutbox.claimedUntil, now))
        .orderBy(asc(pushOutbox.id))
        .limit(limit);
      const rows = db
        .update(pushOutbox)
        .set({ claimedUntil: now + holdMs })
        .where(and(inArray(pushOutbox.id, free), lte(pushOutbox.claimedUntil, now)))
        .returning({
          id: pushOutbox.id,
          userId: pushOutbox.userId,
          title: pushOutbox.title,
          body: pushOutbox.body,
          url: pushOutbox.url,
        })
        .all();
      return rows.map((r) => outboxRow.parse(r)).sort((a, b) => a.id - b.id);
    },
    async done(id) {
      db.delete(pushOutbox).where(eq(pushOutbox.id, id)).run();
    },
  };
}
