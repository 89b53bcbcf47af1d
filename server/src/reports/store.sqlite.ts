import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { resultValues, SANCTION_RESULTS, unprocessed, type ReportStore } from './store.js';
import { moderationAudit, reports } from './tables.js';

/** The report store on SQLite (the audit's before and after are JSON text). */
export function sqliteReportStore(db: Db): ReportStore {
  const find = async (id: number) => db.select().from(reports).where(eq(reports.id, id)).get();
  return {
    async insert({ at, ...values }) {
      return db
        .insert(reports)
        .values({ ...values, createdAt: at.getTime() })
        .returning()
        .get();
    },
    async hasPending(reporterId, targetUserId) {
      const pending = and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetUserId, targetUserId),
        eq(reports.result, 'UNKNOWN'),
      );
      return db.select({ id: reports.id }).from(reports).where(pending).get() !== undefined;
    },
    find,
    // One connection and one writer: the transaction already holds the whole database.
    lock: find,
    async list(filter) {
      const where = and(
        filter.type ? eq(reports.reportType, filter.type) : undefined,
        filter.result ? eq(reports.result, filter.result) : undefined,
      );
      return db.select().from(reports).where(where).orderBy(desc(reports.id)).all();
    },
    async inForce(targetUserId) {
      return db
        .select()
        .from(reports)
        .where(and(eq(reports.targetUserId, targetUserId), inArray(reports.result, SANCTION_RESULTS)))
        .all();
    },
    async setResult(id, change) {
      return db.update(reports).set(resultValues(change)).where(eq(reports.id, id)).returning().get();
    },
    async reset(id) {
      return db.update(reports).set(unprocessed).where(eq(reports.id, id)).returning().get();
    },
    async insertAudit(entry) {
      db.insert(moderationAudit)
        .values({
          ...entry,
          before: JSON.stringify(entry.before),
          after: JSON.stringify(entry.after),
          at: entry.at.getTime(),
        })
        .run();
    },
    async auditOf(reportId) {
      const rows = db
        .select()
        .from(moderationAudit)
        .where(eq(moderationAudit.reportId, reportId))
        .orderBy(asc(moderationAudit.id))
        .all();
      return rows.map((r) => ({
        actorId: r.actorId,
        action: r.action,
        reportId: r.reportId,
        targetUserId: r.targetUserId,
        before: JSON.parse(r.before) as unknown,
        after: JSON.parse(r.after) as unknown,
        at: new Date(r.at),
      }));
    },
  };
}
