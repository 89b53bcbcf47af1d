import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.pg.js';
import { reportResults, reportTypes, targetTypes } from './tables.js';

/** PostgreSQL twin of tables.ts (the one-pending partial unique index included). */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: targetTypes }).notNull(),
    targetRoomId: text('target_room_id'),
    content: text('content').notNull(),
    reportType: text('report_type', { enum: reportTypes }).notNull(),
    result: text('result', { enum: reportResults }).notNull().default('UNKNOWN'),
    reportContent: text('report_content'),
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    processedAt: bigint('processed_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('reports_one_pending_uq')
      .on(t.reporterId, t.targetUserId)
      .where(sql`${t.result} = 'UNKNOWN'`),
    index('reports_target_idx').on(t.targetUserId, t.result),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
  ],
);

/** The audit entries' before/after standing is JSON: jsonb here, JSON text in SQLite. */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['PROCESS', 'EDIT', 'RESTORE'] }).notNull(),
    reportId: integer('report_id').notNull(),
    targetUserId: integer('target_user_id').notNull(),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('moderation_audit_report_idx').on(t.reportId), index('moderation_audit_target_idx').on(t.targetUserId)],
);
