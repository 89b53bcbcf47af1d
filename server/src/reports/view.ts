import type { Db } from '../db/client.js';
import { findUserById } from '../users/store.js';
import { formatSeoul, reasonLabels, resultLabels, statusLabel } from './labels.js';
import type { ReportRow } from './tables.js';

/** Resolves user ids to nicknames through the users feature, once per id per request. */
export function nicknameLookup(db: Db): (id: number | null) => string | null {
  const cache = new Map<number, string | null>();
  return (id) => {
    if (id === null) return null;
    if (!cache.has(id)) cache.set(id, findUserById(db, id)?.nickname ?? null);
    return cache.get(id) ?? null;
  };
}

/** R2 row: labels, Korean status and `yyyy-MM-dd HH:mm` dates (Asia/Seoul), plus codes for our own client. */
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
