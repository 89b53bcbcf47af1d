import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PgDb } from '../db/postgres.js';
import { resultValues, SANCTION_RESULTS, unprocessed, type ReportStore } from './store.js';
import { moderationAudit, reports } from './tables.pg.js';

/** The report store on PostgreSQL (the audit's before and after are jsonb). */
export function pgReportStore(db: PgDb): ReportStore {
  return {
    async insert({ at, ...values }) {
      const [row] = await db
        .insert(reports)
        .values({ ...values, createdAt: at.getTime() })
        .returning();
      return row!;
    },
    async hasPending(reporterId, targetUserId) {
      const pending = and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetUserId, targetUserId),
        eq(reports.result, 'UNKNOWN'),
      );
      return (await db.select({ id: reports.id }).from(reports).where(pending).limit(1)).length > 0;
    },
    async find(id) {
      return (await db.select().from(reports).where(eq(reports.id, id)))[0];
    },
    async lock(id) {
      return (await db.select().from(reports).where(eq(reports.id, id)).for('update'))[0];
    },
    async list(filter) {
      const where = and(
        filter.type ? eq(reports.reportType, filter.type) : undefined,
        filter.result ? eq(reports.result, filter.result) : undefined,
      );
      return db.select().from(reports).where(where).orderBy(desc(reports.id));
    },
    async inForce(targetUserId) {
      return db
        .select()
        .from(reports)
        .where(and(eq(reports.targetUserId, targetUserId), inArray(reports.result, SANCTION_RESULTS)));
    },
    async setResult(id, change) {
      return (await db.update(reports).set(resultValues(change)).where(eq(reports.id, id)).returning())[0];
    },
    async reset(id) {
      return (await db.update(reports).set(unprocessed).where(eq(reports.id, id)).returning())[0];
    },
    async insertAudit(entry) {
      await db.insert(moderationAudit).values({ ...entry, at: entry.at.getTime() });
    },
    async auditOf(reportId) {
      const rows = await db
        .select()
        .from(moderationAudit)
        .where(eq(moderationAudit.reportId, reportId))
        .orderBy(asc(moderationAudit.id));
      return rows.map((r) => ({
        actorId: r.actorId,
        action: r.action,
        reportId: r.reportId,
        targetUserId: r.targetUserId,
        before: r.before,
        after: r.after,
        at: new Date(r.at),
      }));
    },
  };
}
