import type { Logger } from 'pino';
import { revokeAllSessions } from '../auth/sessions.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/envelope.js';
import type { Notifier } from '../notifications/notifier.js';
import { links, reportText } from '../notifications/texts.js';
import { findUserById, setRole } from '../users/store.js';
import type { UserRow } from '../users/tables.js';
import { reasonLabels, resultLabels } from './labels.js';
import type { ModerationSettings } from './settings.js';
import { computeStanding } from './standing.js';
import { findReport, insertAudit, reportsInForce, resetReport, setReportResult } from './store.js';
import type { ProcessResult, ReportRow } from './tables.js';

export type ModerationDeps = {
  db: Db;
  logger: Logger;
  settings: ModerationSettings;
  notifier: Notifier;
  /** Closes the user's open sockets (STOMP), so a sanction also ends live sessions at once. */
  closeSockets: (userId: number) => void;
};

export type Moderation = {
  /** Processes an unprocessed report, or edits a processed one; returns the report as it stands. */
  process(reportId: number, actorId: number, decision: { result: ProcessResult; reportContent: string }): ReportRow;
  /** Puts a processed report back to unprocessed and recomputes the target's standing. */
  restore(reportId: number, actorId: number): ReportRow;
};

const notFound = () => new ApiError(404, 'REPORT_NOT_FOUND', '신고 내역을 찾을 수 없습니다.');
const reportState = (r: ReportRow) => ({
  result: r.result,
  reportContent: r.reportContent,
  assignedUserId: r.assignedUserId,
  processedAt: r.processedAt,
});
const userState = (u: UserRow | undefined) =>
  u ? { role: u.role, suspendedUntil: u.suspendedUntil?.toISOString() ?? null } : null;

/**
 * Staff moderation: every change of a report recomputes the target's standing from the reports
 * in force (so process, edit and restore agree), is written to the audit trail in the same
 * transaction, and a new sanction takes effect at once (refresh and access tokens revoked, sockets
 * closed). Admins are never sanctioned.
 */
export function createModeration(deps: ModerationDeps): Moderation {
  const { db, settings } = deps;

  /** Sets the role the reports in force call for; admins and guests without sanctions are left alone. */
  const applyStanding = (tx: Db, user: UserRow, now: Date): void => {
    if (user.role === 'ROLE_ADMIN') return;
    const standing = computeStanding(
      reportsInForce(tx, user.id).map((r) => ({
        id: r.id,
        result: r.result as ProcessResult,
        processedAt: r.processedAt ?? r.createdAt,
      })),
      settings,
      now,
    );
    if (standing.kind === 'banned') setRole(tx, user.id, 'ROLE_BANNED');
    else if (standing.kind === 'suspended') setRole(tx, user.id, 'ROLE_SUSPENDED', standing.until);
    else if (user.role === 'ROLE_SUSPENDED' || user.role === 'ROLE_BANNED') setRole(tx, user.id, 'ROLE_MEMBER');
  };

  const enforce = (userId: number): void => {
    const user = findUserById(db, userId);
    if (user?.role !== 'ROLE_SUSPENDED' && user?.role !== 'ROLE_BANNED') return;
    revokeAllSessions(db, userId);
    deps.closeSockets(userId);
  };

  const change = (
    reportId: number,
    actorId: number,
    apply: (
      tx: Db,
      report: ReportRow,
      target: UserRow,
      now: Date,
    ) => { action: 'PROCESS' | 'EDIT' | 'RESTORE'; after: ReportRow },
  ): ReportRow => {
    const now = new Date();
    const result = db.transaction((tx) => {
      const report = findReport(tx, reportId);
      if (!report) throw notFound();
      const target = findUserById(tx, report.targetUserId);
      if (!target) throw notFound();
      const { action, after } = apply(tx, report, target, now);
      applyStanding(tx, target, now);
      const targetAfter = findUserById(tx, target.id);
      insertAudit(tx, {
        actorId,
        action,
        reportId,
        targetUserId: target.id,
        at: now,
        before: { report: reportState(report), user: userState(target) },
        after: { report: reportState(after), user: userState(targetAfter) },
      });
      return { action, after };
    });
    enforce(result.after.targetUserId);
    return result.after;
  };

  return {
    process(reportId, actorId, decision) {
      const after = change(reportId, actorId, (tx, report, target, now) => {
        if (target.role === 'ROLE_ADMIN' && decision.result !== 'NONE') {
          throw new ApiError(
            400,
            'ADMIN_NOT_SANCTIONABLE',
            '관리자 계정은 제재할 수 없습니다. 처리없음으로 처리해주세요.',
          );
        }
        const updated = setReportResult(tx, report.id, { ...decision, assignedUserId: actorId, at: now });
        if (!updated) throw notFound();
        return { action: report.result === 'UNKNOWN' ? 'PROCESS' : 'EDIT', after: updated };
      });
      // "처리없음" is no sanction: the reported user is not told that someone reported them.
      if (after.result !== 'NONE') {
        deps.notifier.notify({
          userId: after.targetUserId,
          type: 'REPORT',
          typeId: after.id,
          at: new Date(),
          content: reportText(reasonLabels[after.reportType], resultLabels[after.result]),
          url: links.home(),
        });
      }
      return after;
    },
    restore(reportId, actorId) {
      return change(reportId, actorId, (tx, report) => {
        if (report.result === 'UNKNOWN')
          throw new ApiError(409, 'REPORT_NOT_PROCESSED', '아직 처리되지 않은 신고는 복구할 수 없습니다.');
        const updated = resetReport(tx, report.id);
        if (!updated) throw notFound();
        return { action: 'RESTORE', after: updated };
      });
    },
  };
}
