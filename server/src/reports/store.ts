import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  moderationAudit,
  reports,
  type AuditAction,
  type ProcessResult,
  type ReportRow,
  type ReportResult,
  type ReportType,
  type TargetType,
} from './tables.js';

export type NewReport = {
  reporterId: number;
  targetUserId: number;
  targetType: TargetType;
  targetRoomId: string | null;
  content: string;
  reportType: ReportType;
  at: Date;
};

/** True when SQLite refused the insert because a pending report for the pair exists. */
export function isPendingConflict(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Inserts an unprocessed report; throws a unique violation when the pair already has one pending. */
export function insertReport(db: Db, r: NewReport): ReportRow {
  const { at, ...values } = r;
  return db
    .insert(reports)
    .values({ ...values, createdAt: at.getTime() })
    .returning()
    .get();
}

/** Whether the reporter already has an unprocessed report against the target. */
export function hasPendingReport(db: Db, reporterId: number, targetUserId: number): boolean {
  return (
    db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(eq(reports.reporterId, reporterId), eq(reports.targetUserId, targetUserId), eq(reports.result, 'UNKNOWN')),
      )
      .get() !== undefined
  );
}

/** One report by id. */
export function findReport(db: Db, id: number): ReportRow | undefined {
  return db.select().from(reports).where(eq(reports.id, id)).get();
}

/** Reports newest first, optionally by reason and result. */
export function listReports(
  db: Db,
  filter: { type?: ReportType | undefined; result?: ReportResult | undefined },
): ReportRow[] {
  const where = and(
    filter.type ? eq(reports.reportType, filter.type) : undefined,
    filter.result ? eq(reports.result, filter.result) : undefined,
  );
  return db.select().from(reports).where(where).orderBy(desc(reports.id)).all();
}

/** The processed reports against a user that carry a sanction-relevant result (restored ones are UNKNOWN again). */
export function reportsInForce(db: Db, targetUserId: number): ReportRow[] {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.targetUserId, targetUserId), inArray(reports.result, ['WARNING', 'SUSPENSION', 'BAN'])))
    .all();
}

/** Writes a processing (or an edit): result, reason, handler and time. */
export function setReportResult(
  db: Db,
  id: number,
  change: { result: ProcessResult; reportContent: string; assignedUserId: number; at: Date },
): ReportRow | undefined {
  return db
    .update(reports)
    .set({
      result: change.result,
      reportContent: change.reportContent,
      assignedUserId: change.assignedUserId,
      processedAt: change.at.getTime(),
    })
    .where(eq(reports.id, id))
    .returning()
    .get();
}

/** Puts a report back to unprocessed (handler, reason and time cleared). */
export function resetReport(db: Db, id: number): ReportRow | undefined {
  return db
    .update(reports)
    .set({ result: 'UNKNOWN', reportContent: null, assignedUserId: null, processedAt: null })
    .where(eq(reports.id, id))
    .returning()
    .get();
}

/** Appends one entry to the audit trail. */
export function insertAudit(
  db: Db,
  entry: {
    actorId: number;
    action: AuditAction;
    reportId: number;
    targetUserId: number;
    before: unknown;
    after: unknown;
    at: Date;
  },
): void {
  db.insert(moderationAudit)
    .values({
      ...entry,
      before: JSON.stringify(entry.before),
      after: JSON.stringify(entry.after),
      at: entry.at.getTime(),
    })
    .run();
}
