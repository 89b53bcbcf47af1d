import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { adminApi, fileProfileReport, roleOf } from './admin-support.js';

let server: TestServer;
let admin: Session;
let member: Session;
let api: ReturnType<typeof adminApi>;

const reporters: Session[] = [];
const reporter = (i: number) => reporters[i]!;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  expect(admin.role).toBe('ROLE_ADMIN');
  member = await server.signUpMember('m-member', '일반회원');
  for (let i = 0; i < 4; i++) reporters.push(await server.signUpMember(`m-rep${i}`, `신고자${i}`));
  api = adminApi(server, admin);
});
afterAll(async () => server?.stop());

describe('staff only', () => {
  it('refuses every /api/admin path to members (403) and to anonymous callers (401)', async () => {
    const id = await fileProfileReport(server, reporter(0), member);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/reports'],
      ['GET', `/api/admin/reports/${id}`],
      ['PUT', `/api/admin/reports/${id}`, { result: 'BAN', reportContent: 'x' }],
      ['PUT', `/api/admin/reports/${id}/restore`],
      ['GET', '/api/admin/anything-else'],
      ['DELETE', '/api/admin/reports'],
    ];
    for (const [method, path, json] of calls) {
      expect((await server.call(method, path, { token: member.accessToken, json })).status).toBe(403);
      expect((await server.call(method, path, { json })).status).toBe(401);
    }
    expect(await roleOf(server, member.userId)).toBe('ROLE_MEMBER');
    expect((await api.detail(id)).body.data).toMatchObject({ reportResult: '미처리', status: '미처리' });
    await api.process(id, 'NONE');
  });
});

describe('the list and the detail', () => {
  it('shows labels, Korean status and Seoul dates; filters by reported nickname, reason and result', async () => {
    const target = await server.signUpMember('m-listed', '목록대상');
    const filing = Date.now();
    const id = await fileProfileReport(server, reporter(1), target, 'SPAM');
    const filed = Date.now();
    const [row] = await api.list('?q=목록&type=&result=&p=1');
    expect(row).toMatchObject({
      id,
      nickname: '신고자1',
      targetNickname: '목록대상',
      reportType: '스팸/광고',
      reportResult: '미처리',
      status: '미처리',
      reportedAt: null,
      reportedAtIso: null,
    });
    expect(row?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // The same moment to the millisecond, for a client that says how long ago.
    const exact = Date.parse(row!.createdAtIso);
    expect(exact).toBeGreaterThanOrEqual(filing);
    expect(exact).toBeLessThanOrEqual(filed);
    expect(await api.list('?q=목록&type=CUSS')).toEqual([]);
    expect((await api.list('?q=&type=SPAM&result=UNKNOWN&p=1')).map((r) => r.id)).toContain(id);
    expect(await api.list('?q=목록&p=2')).toEqual([]);
    expect((await server.call('GET', '/api/admin/reports?type=RUDE', { token: admin.accessToken })).status).toBe(400);
    expect((await api.detail(999999)).status).toBe(404);
    expect((await api.detail(id)).body.data).toMatchObject({
      id,
      targetType: 'PROFILE',
      targetRoomId: null,
      targetUserId: target.userId,
      content: '프로필 사진이 불쾌해요',
      reportContent: null,
      aslignedUserId: null,
    });
  });
});

describe('processing, sanctions and restore', () => {
  it('a warning is recorded with the handler, audited and notified to the reported member', async () => {
    const id = await fileProfileReport(server, reporter(0), member, 'CUSS');
    expect((await api.process(id, 'WARNING', '첫 경고', member.userId)).status).toBe(403);
    const res = await api.process(id, 'WARNING', '첫 경고');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      reportResult: '경고',
      status: '처리 완료',
      reportContent: '첫 경고',
      aslignedUserId: admin.userId,
      assignedUserId: admin.userId,
      handlerNickname: '운영자',
    });
    const processed = res.body.data as { reportedAt: string; reportedAtIso: string };
    expect(processed.reportedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Date.now() - Date.parse(processed.reportedAtIso)).toBeLessThan(60_000);
    expect(await roleOf(server, member.userId)).toBe('ROLE_MEMBER');
    const list = await server.call('GET', `/api/notifications/${member.userId}`, { token: member.accessToken });
    expect((list.body.data as { notifications: { content: unknown[] } }).notifications.content[0]).toMatchObject({
      notificationType: 'REPORT',
      typeId: id,
      content: "'욕설/인신공격' 사유로 운영자에게 '경고' 처분을 받았습니다.",
    });
    const audit = await server.deps.storage.reports.auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.userId, action: 'PROCESS' });
    expect(audit[0]!.before).toMatchObject({
      report: { result: 'UNKNOWN' },
      user: { role: 'ROLE_MEMBER' },
    });
    expect(audit[0]!.after).toMatchObject({
      report: { result: 'WARNING', reportContent: '첫 경고', assignedUserId: admin.userId },
    });
  });

  it('the third warning suspends at once; restoring one recomputes the standing back to member', async () => {
    const second = await fileProfileReport(server, reporter(1), member);
    const third = await fileProfileReport(server, reporter(2), member);
    await api.process(second, 'WARNING');
    expect(await roleOf(server, member.userId)).toBe('ROLE_MEMBER');
    await api.process(third, 'WARNING');
    expect(await roleOf(server, member.userId)).toBe('ROLE_SUSPENDED');
    // The sanction revokes the still-unexpired access token: 401 (a client logs out) with the reason.
    const refused = await server.call('GET', '/api/users/userInfo', { token: member.accessToken });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      status: '오류',
      code: 'ACCOUNT_SUSPENDED',
      message: '이용이 일시 정지된 계정입니다. 3일 후에 다시 이용할 수 있습니다.',
    });
    expect(
      (await server.call('POST', '/api/auth/reissue', { json: { refreshToken: member.refreshToken } })).status,
    ).toBe(401);

    // Edit the third into NONE: two warnings remain in force, so the suspension goes.
    expect((await api.process(third, 'NONE', '오판')).status).toBe(200);
    expect(await roleOf(server, member.userId)).toBe('ROLE_MEMBER');
    await api.process(third, 'WARNING', '다시 경고');
    expect(await roleOf(server, member.userId)).toBe('ROLE_SUSPENDED');
    expect((await api.restore(second)).status).toBe(200);
    expect(await roleOf(server, member.userId)).toBe('ROLE_MEMBER');
    expect((await api.detail(second)).body.data).toMatchObject({
      reportResult: '미처리',
      status: '미처리',
      reportContent: null,
      aslignedUserId: null,
    });
    expect((await api.restore(second)).status).toBe(409);
    const actions = await server.deps.storage.reports.auditOf(third);
    expect(actions.map((a) => a.action)).toEqual(['PROCESS', 'EDIT', 'EDIT']);
    member = await server.signIn('m-member');
  });

  it('a ban is permanent and cuts the member off at once; restore brings them back through a new sign-in', async () => {
    const id = await fileProfileReport(server, reporter(3), member, 'LEAKAGE');
    const before = member.accessToken;
    expect((await server.call('GET', '/api/news', { token: before })).status).toBe(200);
    await api.process(id, 'BAN', '개인정보 유출');
    expect(await roleOf(server, member.userId)).toBe('ROLE_BANNED');
    for (const [method, path] of [
      ['GET', '/api/users/userInfo'],
      ['GET', '/api/news'],
      ['GET', `/api/notifications/${member.userId}?page=1`],
    ] as const) {
      const res = await server.call(method, path, { token: before });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        status: '오류',
        code: 'ACCOUNT_BANNED',
        message: '영구 정지된 계정입니다. 서비스를 이용할 수 없습니다.',
      });
    }
    const reissued = await server.call('POST', '/api/auth/reissue', { json: { refreshToken: member.refreshToken } });
    expect(reissued.status).toBe(401);
    const signIn = await server.signIn('m-member').catch((err: Error) => err.message);
    expect(signIn).toMatch(/403.*ACCOUNT_BANNED/);

    await api.restore(id);
    expect(await roleOf(server, member.userId)).toBe('ROLE_MEMBER');
    // The tokens the ban revoked stay revoked; a new sign-in works.
    const stale = await server.call('GET', '/api/users/userInfo', { token: before });
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('REVOKED_ACCESS_TOKEN');
    member = await server.signIn('m-member');
    expect((await server.call('GET', '/api/users/userInfo', { token: member.accessToken })).status).toBe(200);
  });

  it('never sanctions an admin (400) but lets a report against one be closed with NONE', async () => {
    const id = await fileProfileReport(server, reporter(0), admin);
    for (const result of ['WARNING', 'SUSPENSION', 'BAN']) {
      const res = await api.process(id, result);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'ADMIN_NOT_SANCTIONABLE' });
    }
    expect((await api.process(id, 'NONE')).status).toBe(200);
    await api.restore(id);
    expect(await roleOf(server, admin.userId)).toBe('ROLE_ADMIN');
    expect(
      (
        await server.call('PUT', `/api/admin/reports/${id}`, {
          token: admin.accessToken,
          json: { result: 'DELETE', reportContent: '' },
        })
      ).status,
    ).toBe(400);
  });
});
