import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTab } from '../notifications/live-client.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { adminApi, fileProfileReport } from './admin-support.js';

let server: TestServer;
let admin: Session;
let member: Session;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  member = await server.signUpMember('x-member', '차단대상');
});
afterAll(async () => server?.stop());

it("a ban closes the member's open debate and notification sockets at once and refuses new ones", async () => {
  const debateSocket = await openTab(server, member.accessToken, '/ws', '/user/queue/replies');
  const notificationSocket = await openTab(server, member.accessToken);
  const reporter = await server.signUpMember('x-reporter', '신고한이');
  const id = await fileProfileReport(server, reporter, member);
  const started = Date.now();
  await adminApi(server, admin).process(id, 'BAN', '반복적인 욕설');
  expect(await debateSocket.closed).toBe(1008);
  expect(await notificationSocket.closed).toBe(1008);
  expect(Date.now() - started).toBeLessThan(1_000);
  // Refused with the sanction's code, so a client stops reconnecting and says why.
  const refusal = /^ERROR ACCOUNT_BANNED 영구 정지된 계정입니다/;
  await expect(openTab(server, member.accessToken, '/ws', '/user/queue/replies')).rejects.toThrow(refusal);
  await expect(openTab(server, member.accessToken)).rejects.toThrow(refusal);
  const news = await server.call('GET', '/api/news', { token: member.accessToken });
  expect(news.status).toBe(401);
  expect(news.body.code).toBe('ACCOUNT_BANNED');
});
