import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, Live } from '../debates/support.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';

let server: TestServer;
let reporter: Session;
let target: Session;
let other: Session;

const report = (who: Session, json: Record<string, unknown>) =>
  server.call('POST', '/api/report', { token: who.accessToken, json });
const profile = (t: Session, extra: Record<string, unknown> = {}) => ({
  targetUserId: t.userId,
  targetType: 'PROFILE',
  targetRoomId: null,
  content: '',
  reportType: 'CUSS',
  ...extra,
});
const roomId = '6f1c1f0e-8a4b-4c5e-9d2f-1a2b3c4d5e6f';

beforeAll(async () => {
  server = await startTestServer();
  reporter = await server.signUpMember('r-reporter', '신고자');
  target = await server.signUpMember('r-target', '대상자');
  other = await server.signUpMember('r-other', '다른이');
});
afterAll(async () => server?.stop());

describe('filing a report', () => {
  it('takes a PROFILE report (reporter from the token), refuses a second pending one with 409', async () => {
    const first = await report(reporter, { userId: reporter.userId, ...profile(target) });
    expect(first.status).toBe(201);
    const again = await report(reporter, profile(target, { reportType: 'SPAM' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: '오류', code: 'DUPLICATE_REPORT' });
    expect(again.body.message).toMatch(/이미 신고한 사용자/);
  });

  it('takes a CHAT report that quotes what the target said in the room', async () => {
    const room = await createRoom(server, other.accessToken);
    const live = await Live.connect(server, '/ws', target.accessToken);
    live.subscribe('/user/queue/replies');
    live.send(`/app/rooms/${room}/observe`, {});
    live.send(`/app/rooms/${room}/observer-chat`, { text: '나쁜 말' });
    await live.waitFor('/user/queue/replies', (r) => r.length === 2 && r.every((x) => x.ok));
    await live.leave();
    const res = await report(other, {
      userId: other.userId,
      targetUserId: target.userId,
      targetType: 'CHAT',
      targetRoomId: room,
      content: '나쁜 말',
      reportType: 'FLOODING',
    });
    expect(res.status).toBe(201);
  });

  it('refuses bad input with 4xx and Korean messages, never a 500', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ ...profile(target), userId: reporter.userId }, 403],
      [profile(other), 400],
      [{ ...profile(target), targetUserId: 999999 }, 404],
      [{ ...profile(target), reportType: 'RUDE' }, 400],
      [{ ...profile(target), targetRoomId: roomId }, 400],
      [
        { targetUserId: target.userId, targetType: 'CHAT', targetRoomId: null, content: '메시지', reportType: 'CUSS' },
        400,
      ],
      [
        { targetUserId: target.userId, targetType: 'CHAT', targetRoomId: roomId, content: '   ', reportType: 'CUSS' },
        400,
      ],
      [
        {
          targetUserId: target.userId,
          targetType: 'CHAT',
          targetRoomId: 'not-a-uuid',
          content: '메시지',
          reportType: 'CUSS',
        },
        400,
      ],
      [{ ...profile(target), content: 'x'.repeat(1001) }, 400],
      [{ targetUserId: 'seven', reportType: 'CUSS' }, 400],
    ];
    for (const [json, status] of cases) {
      const res = await report(other, json);
      expect([res.status, JSON.stringify(json)]).toEqual([status, JSON.stringify(json)]);
      expect(res.body.status).toBe('오류');
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    expect((await server.call('POST', '/api/report', { json: profile(target) })).status).toBe(401);
  });

  it('limits a reporter to 5 reports in 10 minutes (429 with a Korean message)', async () => {
    const spammer = await server.signUpMember('r-spammer', '신고왕');
    const targets = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => server.signUpMember(`r-t${i}`, `대상${i}`)));
    for (const t of targets.slice(0, 5)) expect((await report(spammer, profile(t))).status).toBe(201);
    const sixth = await report(spammer, profile(targets[5]!));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      code: 'REPORT_RATE_LIMITED',
      message: '신고는 10분에 5번까지 할 수 있습니다. 잠시 후 다시 시도해주세요.',
    });
  });
});
