import { api } from '../../lib/api';
import { queryKeys, type QueryClient } from '../../lib/server-data';
import type { ReportType } from './report-reasons';

export interface ReportTarget {
  targetUserId: number;
  nickname: string;
  targetType: 'PROFILE' | 'CHAT';
  targetRoomId: string | null;
  /** The room's title, which the dialog names the room by (its id is for the server). */
  roomTitle?: string;
  /** For a CHAT report: the reported message, sent as the report's content. */
  message?: string;
}

/** The report's content: the reporter's note, or for a chat report the message with the note after it. */
function reportContent(target: ReportTarget, note: string): string {
  if (target.targetType !== 'CHAT') return note;
  const message = target.message?.trim() ?? '';
  return note ? `${message}\n\n[신고자 메모] ${note}` : message;
}

/** R1: files a PROFILE or CHAT report from the signed-in user against the target. */
export async function fileReport(
  reporterId: number,
  target: ReportTarget,
  reportType: ReportType,
  note: string,
): Promise<void> {
  await api('/api/report', {
    method: 'POST',
    json: {
      userId: reporterId,
      targetUserId: target.targetUserId,
      targetType: target.targetType,
      targetRoomId: target.targetType === 'CHAT' ? target.targetRoomId : null,
      content: reportContent(target, note),
      reportType,
    },
  });
}

/** A new report changes only the staff's report lists (cached when staff use this browser). */
export const afterReport = (client: QueryClient): Promise<void> =>
  client.invalidateQueries({ queryKey: queryKeys.admin.reportLists() });
