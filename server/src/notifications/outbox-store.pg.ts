import { eq, sql } from 'drizzle-orm';
import type { PgDb } from '../db/postgres.js';
import { outboxRow, queuedValues, type PushOutboxStore } from './outbox-store.js';
import { pushOutbox } from './tables.pg.js';

/** PostgreSQL's clock in epoch milliseconds (every node claims by the same clock). */
const nowMs = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** The push outbox on PostgreSQL: claims skip rows another node is claiming (FOR UPDATE SKIP LOCKED). */
export function pgPushOutboxStore(db: PgDb): PushOutboxStore {
  return {
    async add(pushes) {
      if (pushes.length > 0) await db.insert(pushOutbox).values(pushes.map(queuedValues));
    },
    async claim(limit, holdMs) {
      const result = await db.execute(sql`
        UPDATE push_outbox SET claimed_until = ${nowMs} + ${holdMs}
        WHERE id IN (
          SELECT id FROM push_outbox WHERE claimed_until <= ${nowMs}
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        RETURNING id, user_id AS "userId", title, body, url`);
      return result.rows.map((r) => outboxRow.parse(r)).sort((a, b) => a.id - b.id);
    },
    async done(id) {
      await db.delete(pushOutbox).where(eq(pushOutbox.id, id));
    },
  };
}
