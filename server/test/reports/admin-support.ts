import { expect } from 'vitest';
import type { Session, TestServer } from '../support/server.js';

type Row = {
  id: number;
  nickname: string;
  targetNickname: string;
  reportType: string;
  reportResult: string;
  status: string;
  createdAt: string;
  reportedAt: string | null;
  createdAtIso: string;
  reportedAtIso: string | null;
};

/** Helpers over the admin API for one test server. */
export function adminApi(server: TestServer, admin: Session) {
  const as = { token: admin.accessToken };
  return {
    list: async (query = '') => {
      const res = await server.call('GET', `/api/admin/reports${query}`, as);
      expect(res.status).toBe(200);
      return (res.body.data as { content: Row[] }).content;
    },
    detail: (id: number) => server.call('GET', `/api/admin/reports/${id}`, as),
    process: (
      id: number,
      result: string,
      reportContent = '운영 정책 위반',
      assignedUserId: number | undefined = admin.userId,
    ) => server.call('PUT', `/api/admin/reports/${id}`, { ...as, json: { result, reportContent, assignedUserId } }),
    restore: (id: number) => server.call('PUT', `/api/admin/reports/${id}/restore`, as),
  };
}

/** Files a PROFILE report and returns its id. */
export async function fileProfileReport(
  server: TestServer,
  reporter: Session,
  target: Session,
  reportType = 'CUSS',
): Promise<number> {
  const res = await server.call('POST', '/api/report', {
    token: reporter.accessToken,
    json: {
      userId: reporter.userId,
      targetUserId: target.userId,
      targetType: 'PROFILE',
      targetRoomId: null,
      content: '프로필 사진이 불쾌해요',
      reportType,
    },
  });
  expect(res.status).toBe(201);
  return (res.body.data as { id: number }).id;
}

/** The target's role as the server sees it now. */
export const roleOf = async (server: TestServer, userId: number): Promise<string | undefined> =>
  (await server.deps.storage.users.findById(userId))?.role;
