import { isUniqueViolation } from '../db/errors.js';
import type { Storage } from '../db/storage.js';
import { roomNotFound } from '../debates/refusals.js';
import { ApiError } from '../http/envelope.js';
import type { ReportRow, ReportType, TargetType } from './tables.js';

export type ReportInput = {
  targetUserId: number;
  targetType: TargetType;
  targetRoomId: string | null;
  content: string;
  reportType: ReportType;
};

const duplicate = () =>
  new ApiError(409, 'DUPLICATE_REPORT', '이미 신고한 사용자입니다. 운영자가 확인하고 있으니 조금만 기다려주세요.');

/**
 * R1: validates and stores a report from `reporterId`. The target must exist and be someone
 * else; a CHAT report names an existing room and quotes a line the target said there (the
 * reporter's note may follow on the next lines), a PROFILE report names no room;
 * one pending report per reporter and target; `admit` counts the report against the reporter's
 * rate limit (and refuses with 429) once the report is otherwise valid.
 */
export async function fileReport(
  storage: Storage,
  admit: (reporterId: number) => Promise<void>,
  reporterId: number,
  input: ReportInput,
  now = new Date(),
): Promise<ReportRow> {
  if (input.targetUserId === reporterId) throw new ApiError(400, 'SELF_REPORT', '자기 자신은 신고할 수 없습니다.');
  if (!(await storage.users.findById(input.targetUserId)))
    throw new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');
  const content = input.content.trim();
  if (input.targetType === 'PROFILE' && input.targetRoomId !== null) {
    throw new ApiError(400, 'VALIDATION_FAILED', '프로필 신고에는 토론방을 지정할 수 없습니다.');
  }
  if (input.targetType === 'CHAT' && (input.targetRoomId === null || content === '')) {
    throw new ApiError(400, 'VALIDATION_FAILED', '채팅 신고에는 토론방과 신고할 메시지가 필요합니다.');
  }
  if (input.targetType === 'CHAT') await assertQuotedLine(storage, input.targetRoomId!, input.targetUserId, content);
  if (await storage.reports.hasPending(reporterId, input.targetUserId)) throw duplicate();
  await admit(reporterId);
  try {
    return await storage.reports.insert({ reporterId, ...input, content, at: now });
  } catch (err) {
    // A concurrent filing for the same pair won the partial unique index.
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/**
 * A report filed from inside a room (D9, D10 of docs/wire-contract.md: `POST /api/debates/reports/{roomId}` by a
 * debater, `POST /api/observer/reports/{roomId}` by an observer): the room in the path must
 * exist and is the report's room; a room named in the body must be the same one. The rules,
 * limits and later notifications are R1's: a CHAT report (the default) quotes a line the target
 * said in that room; a PROFILE report about someone met there names no room, as everywhere.
 */
export async function fileRoomReport(
  storage: Storage,
  admit: (reporterId: number) => Promise<void>,
  reporterId: number,
  roomId: string,
  input: ReportInput,
): Promise<ReportRow> {
  if (!(await storage.rooms.find(roomId))) throw roomNotFound();
  if (input.targetRoomId !== null && input.targetRoomId.toLowerCase() !== roomId) {
    throw new ApiError(400, 'VALIDATION_FAILED', '요청 경로와 본문의 토론방이 서로 다릅니다.');
  }
  return fileReport(storage, admit, reporterId, {
    ...input,
    targetRoomId: input.targetType === 'CHAT' ? roomId : null,
  });
}

/** A CHAT report's room must exist and its content must begin with a line the target said there. */
async function assertQuotedLine(
  storage: Storage,
  roomId: string,
  targetUserId: number,
  content: string,
): Promise<void> {
  if (!(await storage.rooms.find(roomId))) throw roomNotFound();
  if (!(await storage.roomEvents.saidInRoom(roomId, targetUserId, content))) {
    throw new ApiError(400, 'CHAT_LINE_NOT_FOUND', '신고한 메시지를 이 토론방의 대화에서 찾을 수 없습니다.');
  }
}
