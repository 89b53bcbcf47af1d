import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { adminApi, fileProfileReport, roleOf } from './admin-support.js';

// A suspension of 1.5 seconds (MODERATION_SUSPENSION_DAYS is read when the app is built).
let server: TestServer;
let admin: Session;
let member: Session;

beforeAll(async () => {
  process.env.MODERATION_SUSPENSION_DAYS = String(1.5 / 86_400);
  try {
    server = await startTestServer();
  } finally {
    delete process.env.MODERATION_SUSPENSION_DAYS;
  }
  admin = await server.signIn('admin');
  member = await server.signUpMember('s-member', '정지회원');
});
afterAll(async () => server?.stop());

it('a suspension lifts by itself once its time has passed', async () => {
  const reporter = await server.signUpMember('s-reporter', '신고인');
  const id = await fileProfileReport(server, reporter, member);
  await adminApi(server, admin).process(id, 'SUSPENSION', '일시 정지');
  const during = await server.call('GET', '/api/users/userInfo', { token: member.accessToken });
  expect(during.status).toBe(401);
  expect(during.body.code).toBe('ACCOUNT_SUSPENDED');
  await new Promise((resolve) => setTimeout(resolve, 1_700));
  // The suspension revoked the member's tokens: the old one stays refused, a new sign-in is let in.
  const after = await server.call('GET', '/api/users/userInfo', { token: member.accessToken });
  expect(after.status).toBe(401);
  expect(after.body.code).toBe('REVOKED_ACCESS_TOKEN');
  const again = await server.signIn('s-member');
  expect(again.role).toBe('ROLE_MEMBER');
  expect((await server.call('GET', '/api/users/userInfo', { token: again.accessToken })).status).toBe(200);
  expect(await roleOf(server, member.userId)).toBe('ROLE_MEMBER');
});
