import { api } from '../../lib/api';
import type { ReportType } from './report-reasons';

export interface ReportTarget {
  targetUserId: number;
  nickname: string;
  targetType: 'PROFILE' | 'CHAT';
  targetRoomId: string | null;
}

/** R1: files a report from the signed-in user against the target. */
export async function fileReport(reporterId: number, target: ReportTarget, reportType: ReportType, content: string): Promise<void> {
  await api('/api/report', {
    method: 'POST',
    json: { userId: reporterId, targetUserId: target.targetUserId, targetType: target.targetType, targetRoomId: target.targetRoomId, content, reportType },
  });
}
