/**
 * Reports filed from inside a room (D9, D10), as a client written for the wire contract files
 * them: `POST /api/debates/reports/{roomId}` (a debater) and `POST /api/observer/reports/{roomId}`
 * (an observer), over a room whose lines were said on the legacy STOMP endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom, Live, members, seatPair, startDebateServer } from '../debates/support.js';
import type { Session, TestServer } from '../support/server.js';
import { adminApi } from './admin-support.js';

let server: TestServer;
let admin: Session;
const clients: Live[] = [];

const connect = async (path: string, user: Session, headers: Record<string, string> = {}) => {
  const live = await Live.connect(server, path, user.accessToken, headers);
  clients.push(live);
  return live;
};
const fileIn = (kind: 'debates' | 'observer', roomId: string, who: Session, json: Record<string, unknown>) =>
  server.call('POST', `/api/${kind}/reports/${roomId}`, { token: who.accessToken, json });

beforeAll(async () => {
  server = await startDebateServer();
  admin = await server.signIn('admin');
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server?.stop();
});

describe('reports from inside a room', () => {
  it("debater reports a speech, observer an observer's line; staff see the room; processing notifies", async () => {
    const [pro, con, watcher, heckler] = await members(server, 4, '방신고');
    const roomId = await createRoom(server, pro!.accessToken);
    const topic = `/topic/debate/${roomId}`;
    const observerTopic = `/topic/observer/${roomId}`;

    const loud = await connect(`/observer/${roomId}`, heckler!, { roomId });
    loud.subscribe(observerTopic);
    const [speaker, opponent] = await seatPair(server, roomId, pro!, con!);
    clients.push(speaker, opponent);
    await speaker.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'DEBATE'));
    speaker.send(`/app/debate/${roomId}`, { event: 'MESSAGE', message: '상대 측은 생각이 없습니다' });
    loud.send(`/app/observer/${roomId}`, { event: 'MESSAGE', position: 'observer', message: '도배 메시지' });
    await speaker.waitFor(topic, (bs) => bs.some((b) => b.event === 'MESSAGE'));
    await loud.waitFor(observerTopic, (bs) => bs.some((b) => b.event === 'MESSAGE'));

    // The debater's report: R1's body without a room (the path names it), CHAT by default.
    const byDebater = await fileIn('debates', roomId, con!, {
      userId: con!.userId,
      targetUserId: pro!.userId,
      content: '상대 측은 생각이 없습니다',
      reportType: 'CUSS',
    });
    expect(byDebater.status).toBe(201);
    // The observer's report names the same room in its body (any case) and adds a note under the quote.
    const byObserver = await fileIn('observer', roomId.toUpperCase(), watcher!, {
      targetUserId: heckler!.userId,
      targetType: 'CHAT',
      targetRoomId: roomId.toUpperCase(),
      content: '도배 메시지\n\n[신고자 메모] 계속 반복합니다',
      reportType: 'FLOODING',
    });
    expect(byObserver.status).toBe(201);

    const staff = adminApi(server, admin);
    const debaterReport = (await staff.detail((byDebater.body.data as { id: number }).id)).body.data;
    expect(debaterReport).toMatchObject({
      targetType: 'CHAT',
      targetRoomId: roomId,
      targetUserId: pro!.userId,
      userId: con!.userId,
      content: '상대 측은 생각이 없습니다',
      reportType: '욕설/인신공격',
      status: '미처리',
    });
    const observerReport = (await staff.detail((byObserver.body.data as { id: number }).id)).body.data;
    expect(observerReport).toMatchObject({ targetType: 'CHAT', targetRoomId: roomId, targetUserId: heckler!.userId });

    // Processed like any report: the reported debater is told.
    expect((await staff.process((byDebater.body.data as { id: number }).id, 'WARNING', '비방')).status).toBe(200);
    const inbox = await server.call('GET', `/api/notifications/${pro!.userId}?page=1`, { token: pro!.accessToken });
    const notices = (inbox.body.data as { notifications: { content: { notificationType: string }[] } }).notifications
      .content;
    expect(notices.map((n) => n.notificationType)).toContain('REPORT');
  }, 30_000);

  it("follows R1's rules: the room exists, the quote was said there, one pending report per target", async () => {
    const [owner, talker, reporter, stranger] = await members(server, 4, '방규칙');
    const roomId = await createRoom(server, owner!.accessToken);
    const talk = await connect(`/observer/${roomId}`, talker!);
    talk.subscribe(`/topic/observer/${roomId}`);
    talk.send(`/app/observer/${roomId}`, { message: '여기서 한 말' });
    await talk.waitFor(`/topic/observer/${roomId}`, (bs) => bs.length === 1);
    const chat = (content: string, extra: Record<string, unknown> = {}) => ({
      targetUserId: talker!.userId,
      content,
      reportType: 'SPAM',
      ...extra,
    });
    const refusals: [string, Record<string, unknown>, number, string][] = [
      ['c8a1f6de-0000-4000-8000-000000000000', chat('여기서 한 말'), 404, 'ROOM_NOT_FOUND'],
      ['not-a-room', chat('여기서 한 말'), 400, 'VALIDATION_FAILED'],
      [
        roomId,
        chat('여기서 한 말', { targetRoomId: 'c8a1f6de-0000-4000-8000-000000000000' }),
        400,
        'VALIDATION_FAILED',
      ],
      [roomId, chat('하지 않은 말'), 400, 'CHAT_LINE_NOT_FOUND'],
      [roomId, chat('여기서 한 말', { targetUserId: reporter!.userId }), 400, 'SELF_REPORT'],
      [roomId, chat('여기서 한 말', { userId: stranger!.userId }), 403, 'NOT_OWNER'],
      [roomId, chat('여기서 한 말', { reportType: 'RUDE' }), 400, 'VALIDATION_FAILED'],
    ];
    for (const kind of ['debates', 'observer'] as const) {
      for (const [room, json, status, code] of refusals) {
        const res = await fileIn(kind, room, reporter!, json);
        expect([kind, room, json, res.status, res.body.code]).toEqual([kind, room, json, status, code]);
        expect(res.body.status).toBe('오류');
        expect(res.body.message).toMatch(/[가-힣]/);
      }
      const anonymous = await server.call('POST', `/api/${kind}/reports/${roomId}`, { json: chat('여기서 한 말') });
      expect(anonymous.status).toBe(401);
    }

    expect((await fileIn('observer', roomId, reporter!, chat('여기서 한 말'))).status).toBe(201);
    const again = await fileIn('debates', roomId, reporter!, chat('여기서 한 말'));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE_REPORT');
    const profileElsewhere = await server.call('POST', '/api/report', {
      token: reporter!.accessToken,
      json: { targetUserId: talker!.userId, targetType: 'PROFILE', reportType: 'CUSS' },
    });
    expect(profileElsewhere.status).toBe(409);

    // A profile report about someone met in the room names no room, as everywhere.
    const aboutOwner = await fileIn('debates', roomId, reporter!, {
      targetUserId: owner!.userId,
      targetType: 'PROFILE',
      targetRoomId: roomId,
      reportType: 'OBSCENITY',
    });
    expect(aboutOwner.status).toBe(201);
    const detail = await adminApi(server, admin).detail((aboutOwner.body.data as { id: number }).id);
    expect(detail.body.data).toMatchObject({ targetType: 'PROFILE', targetRoomId: null, targetUserId: owner!.userId });
  }, 30_000);

  it('shares the reporter limit with R1: five reports in ten minutes, wherever they are filed', async () => {
    const [owner, spammer, ...targets] = await members(server, 8, '방한도');
    const roomId = await createRoom(server, owner!.accessToken);
    const profile = (t: Session) => ({ targetUserId: t.userId, targetType: 'PROFILE', reportType: 'SPAM' });
    const filed = [
      await server.call('POST', '/api/report', { token: spammer!.accessToken, json: profile(targets[0]!) }),
      await fileIn('debates', roomId, spammer!, profile(targets[1]!)),
      await fileIn('observer', roomId, spammer!, profile(targets[2]!)),
      await fileIn('debates', roomId, spammer!, profile(targets[3]!)),
      await server.call('POST', '/api/report', { token: spammer!.accessToken, json: profile(targets[4]!) }),
    ];
    expect(filed.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const sixth = await fileIn('observer', roomId, spammer!, profile(targets[5]!));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      code: 'REPORT_RATE_LIMITED',
      message: '신고는 10분에 5번까지 할 수 있습니다. 잠시 후 다시 시도해주세요.',
    });
  });
});
