import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../users/tables.js';

/** Report reasons (docs/product-rules.md#reports-and-sanctions). */
export const reportTypes = ['OBSCENITY', 'SPAM', 'CUSS', 'FLOODING', 'LEAKAGE', 'DODGE'] as const;
export type ReportType = (typeof reportTypes)[number];
/** Processing results an admin can choose. */
export const processResults = ['WARNING', 'SUSPENSION', 'BAN', 'NONE'] as const;
export type ProcessResult = (typeof processResults)[number];
/** Stored results: UNKNOWN = not processed yet ("미처리"). */
export const reportResults = ['UNKNOWN', ...processResults] as const;
export type ReportResult = (typeof reportResults)[number];
export const targetTypes = ['PROFILE', 'CHAT'] as const;
export type TargetType = (typeof targetTypes)[number];

/**
 * User reports. A reporter has at most one pending (UNKNOWN) report per target, enforced by a
 * partial unique index so two concurrent requests cannot both pass. Times are epoch ms.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: targetTypes }).notNull(),
    /** The debate room's uuid for a CHAT report, null for a PROFILE report. */
    targetRoomId: text('target_room_id'),
    /** The reported chat message (CHAT) or the reporter's description. */
    content: text('content').notNull(),
    reportType: text('report_type', { enum: reportTypes }).notNull(),
    result: text('result', { enum: reportResults }).notNull().default('UNKNOWN'),
    /** The handler's processing reason. */
    reportContent: text('report_content'),
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    processedAt: integer('processed_at'),
  },
  (t) => [
    uniqueIndex('reports_one_pending_uq')
      .on(t.reporterId, t.targetUserId)
      .where(sql`${t.result} = 'UNKNOWN'`),
    index('reports_target_idx').on(t.targetUserId, t.result),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
  ],
);

/** Every staff action on a report: who, when, what, and the report and user standing before and after (JSON). */
export const moderationAudit = sqliteTable(
  'moderation_audit',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['PROCESS', 'EDIT', 'RESTORE'] }).notNull(),
    reportId: integer('report_id').notNull(),
    targetUserId: integer('target_user_id').notNull(),
    before: text('before').notNull(),
    after: text('after').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('moderation_audit_report_idx').on(t.reportId), index('moderation_audit_target_idx').on(t.targetUserId)],
);

export type ReportRow = typeof reports.$inferSelect;
export type AuditRow = typeof moderationAudit.$inferSelect;
export type AuditAction = AuditRow['action'];
