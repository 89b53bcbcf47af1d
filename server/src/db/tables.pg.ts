import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { nowMs } from './pg-columns.js';

/**
 * Secrets every server process must share (the JWT signing key, the VAPID key pair), generated
 * once by whichever process starts first (INSERT … ON CONFLICT DO NOTHING, then read back).
 * Only on PostgreSQL: the embedded SQLite server keeps them as files in DATA_DIR.
 */
export const clusterSecrets = pgTable('cluster_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull().default(nowMs),
});
