import type { UserStore } from '../users/store.js';
import { formatSeoul, reasonLabels, resultLabels, statusLabel } from './labels.js';
import type { ReportRow } from './tables.js';

/** The nicknames of everyone some reports name (reporter, target, handler), read through the users feature at once. */
export async function nicknameLookup(
  users: UserStore,
  reports: readonly ReportRow[],
): Promise<(id: number | null) => string | null> {
  const ids = new Set(reports.flatMap((r) => [r.reporterId, r.targetUserId, r.assignedUserId ?? []].flat()));
  const nicknames = new Map((await users.findByIds([...ids])).map((u) => [u.id, u.nickname]));
  return (id) => (id === null ? null : (nicknames.get(id) ?? null));
}

/**
 * R2 row: labels, Korean status and `yyyy-MM-dd HH:mm` dates (Asia/Seoul), plus for our own client
 * codes and the same dates to the millisecond (ISO-8601), so that a report filed seconds ago reads '방금 전'.
 */
export function toReportRow(r: ReportRow, nickname: (id: number | null) => string | null) {
  return {
    id: r.id,
    nickname: nickname(r.reporterId) ?? '(알 수 없음)',
    targetNickname: nickname(r.targetUserId) ?? '(알 수 없음)',
    reportType: reasonLabels[r.reportType],
    reportTypeCode: r.reportType,
    reportResult: resultLabels[r.result],
    reportResultCode: r.result,
    status: statusLabel(r.result),
    createdAt: formatSeoul(r.createdAt),
    reportedAt: r.processedAt === null ? null : formatSeoul(r.processedAt),
    createdAtIso: new Date(r.createdAt).toISOString(),
    reportedAtIso: r.processedAt === null ? null : new Date(r.processedAt).toISOString(),
    handlerNickname: nickname(r.assignedUserId),
  };
}

/** R3 detail: the row plus target, content, handler note and the handler id (also as the client's `aslignedUserId`). */
export function toReportDetail(r: ReportRow, nickname: (id: number | null) => string | null) {
  return {
    ...toReportRow(r, nickname),
    userId: r.reporterId,
    targetType: r.targetType,
    targetRoomId: r.targetRoomId,
    targetUserId: r.targetUserId,
    content: r.content,
    reportContent: r.reportContent,
    assignedUserId: r.assignedUserId,
    aslignedUserId: r.assignedUserId,
  };
}
