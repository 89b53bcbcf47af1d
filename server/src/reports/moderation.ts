import type { Logger } from 'pino';
import { revokeAllSessions } from '../auth/sessions.js';
import type { Stores, Storage } from '../db/storage.js';
import { ApiError } from '../http/envelope.js';
import type { NotificationInput, Notifier } from '../notifications/notifier.js';
import { links, reportText } from '../notifications/texts.js';
import type { UserRow } from '../users/tables.js';
import { reasonLabels, resultLabels } from './labels.js';
import type { ModerationSettings } from './settings.js';
import { computeStanding } from './standing.js';
import type { ProcessResult, ReportRow } from './tables.js';

export type ModerationDeps = {
  storage: Storage;
  logger: Logger;
  settings: ModerationSettings;
  notifier: Notifier;
  /** Closes the user's open sockets (STOMP), so a sanction also ends live sessions at once. */
  closeSockets: (userId: number) => void;
};

export type Moderation = {
  /** Processes an unprocessed report, or edits a processed one; returns the report as it stands. */
  process(
    reportId: number,
    actorId: number,
    decision: { result: ProcessResult; reportContent: string },
  ): Promise<ReportRow>;
  /** Puts a processed report back to unprocessed and recomputes the target's standing. */
  restore(reportId: number, actorId: number): Promise<ReportRow>;
};

/** What a change did; `notice` is committed with it and delivered after. */
type Applied = { action: 'PROCESS' | 'EDIT' | 'RESTORE'; after: ReportRow; notice?: NotificationInput };

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
 *
 * The transaction holds the report and then its target's row (PostgreSQL row locks), so two
 * staff changes to one report, or to two reports against one user, apply one after the other:
 * the second recomputes the standing from what the first committed.
 */
export function createModeration(deps: ModerationDeps): Moderation {
  const { storage, settings } = deps;

  /** Sets the role the reports in force call for; admins and guests without sanctions are left alone. */
  const applyStanding = async (tx: Stores, user: UserRow, now: Date): Promise<void> => {
    if (user.role === 'ROLE_ADMIN') return;
    const inForce = await tx.reports.inForce(user.id);
    const standing = computeStanding(
      inForce.map((r) => ({ id: r.id, result: r.result as ProcessResult, processedAt: r.processedAt ?? r.createdAt })),
      settings,
      now,
    );
    if (standing.kind === 'banned') await tx.users.setRole(user.id, 'ROLE_BANNED');
    else if (standing.kind === 'suspended') await tx.users.setRole(user.id, 'ROLE_SUSPENDED', standing.until);
    else if (user.role === 'ROLE_SUSPENDED' || user.role === 'ROLE_BANNED')
      await tx.users.setRole(user.id, 'ROLE_MEMBER');
  };

  const enforce = async (userId: number): Promise<void> => {
    const user = await storage.users.findById(userId);
    if (user?.role !== 'ROLE_SUSPENDED' && user?.role !== 'ROLE_BANNED') return;
    await revokeAllSessions(storage, userId);
    deps.closeSockets(userId);
  };

  const change = async (
    reportId: number,
    actorId: number,
    apply: (tx: Stores, report: ReportRow, target: UserRow, now: Date) => Promise<Applied>,
  ): Promise<ReportRow> => {
    const now = new Date();
    const { after: result, stored } = await storage.transaction(async (tx) => {
      const report = await tx.reports.lock(reportId);
      if (!report) throw notFound();
      const target = await tx.users.lock(report.targetUserId);
      if (!target) throw notFound();
      const { action, after, notice } = await apply(tx, report, target, now);
      await applyStanding(tx, target, now);
      const targetAfter = await tx.users.findById(target.id);
      await tx.reports.insertAudit({
        actorId,
        action,
        reportId,
        targetUserId: target.id,
        at: now,
        before: { report: reportState(report), user: userState(target) },
        after: { report: reportState(after), user: userState(targetAfter) },
      });
      return { after, stored: await deps.notifier.store(tx, notice ? [notice] : []) };
    });
    stored.forEach((row) => deps.notifier.deliver(row));
    await enforce(result.targetUserId);
    return result;
  };

  return {
    process(reportId, actorId, decision) {
      return change(reportId, actorId, async (tx, report, target, now) => {
        if (target.role === 'ROLE_ADMIN' && decision.result !== 'NONE') {
          throw new ApiError(
            400,
            'ADMIN_NOT_SANCTIONABLE',
            '관리자 계정은 제재할 수 없습니다. 처리없음으로 처리해주세요.',
          );
        }
        const updated = await tx.reports.setResult(report.id, { ...decision, assignedUserId: actorId, at: now });
        if (!updated) throw notFound();
        // "처리없음" is no sanction: the reported user is not told that someone reported them.
        const notice: NotificationInput | undefined =
          updated.result === 'NONE'
            ? undefined
            : {
                userId: updated.targetUserId,
                type: 'REPORT',
                typeId: updated.id,
                at: now,
                content: reportText(reasonLabels[updated.reportType], resultLabels[updated.result]),
                url: links.home(),
              };
        return { action: report.result === 'UNKNOWN' ? 'PROCESS' : 'EDIT', after: updated, notice };
      });
    },
    restore(reportId, actorId) {
      return change(reportId, actorId, async (tx, report) => {
        if (report.result === 'UNKNOWN')
          throw new ApiError(409, 'REPORT_NOT_PROCESSED', '아직 처리되지 않은 신고는 복구할 수 없습니다.');
        const updated = await tx.reports.reset(report.id);
        if (!updated) throw notFound();
        return { action: 'RESTORE', after: updated };
      });
    },
  };
}
