import { describe, expect, it } from 'vitest';
import { decide, legacyMessages, legacyRejection, legacyResumption, replay } from '../../src/index.js';
import { cmd, history, oneOnOne, ROOM_ID, T0, threeOnThree, user } from '../support/dsl.js';

const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;
const bodies = (log: Parameters<typeof legacyMessages>[1], topic: 'debate' | 'observer' = 'debate') =>
  legacyMessages(ROOM_ID, log)
    .filter((m) => m.topic === topic)
    .map((m) => m.body);

describe('legacy STOMP messages (docs/wire-contract.md#legacy-events)', () => {
  it('tells a whole 1:1 vote room in the order and texts the old client expects, byte for byte', () => {
    const log = history(
      ...oneOnOne(),
      cmd.tick(T0 + 5000),
      cmd.speak(1, '안녕하세요', T0 + 6000),
      cmd.tick(OPEN),
      cmd.vote(1, 'PRO', OPEN + 1),
      cmd.tick(CLOSE),
    );
    const n1 = user(1).nickname;
    const n2 = user(2).nickname;
    expect(bodies(log)).toEqual([
      { event: 'user_joined', roomId: ROOM_ID, userName: n1, message: `${n1}님이 방에 입장했습니다.` },
      { event: 'user_joined', roomId: ROOM_ID, userName: n2, message: `${n2}님이 방에 입장했습니다.` },
      { event: 'NOTIFICATION', message: '잠시 후 토론이 시작됩니다... ' },
      { event: 'STATUS', status: 'DEBATE', message: '토론이 시작되었습니다.' },
      {
        event: 'MESSAGE',
        userName: n1,
        imageUrl: null,
        position: 'pro',
        message: '안녕하세요',
        timestamp: '2026-01-01T00:00:06.000Z',
      },
      { event: 'TURN', turn: 'CON', message: "'반대'팀 발언이 시작되었습니다." },
      { event: 'TURN', turn: 'PRO', message: "'찬성'팀 발언이 시작되었습니다." },
      { event: 'TURN', turn: 'CON', message: "'반대'팀 발언이 시작되었습니다." },
      { event: 'TURN', turn: 'PRO', message: "'찬성'팀 발언이 시작되었습니다." },
      { event: 'TURN', turn: 'CON', message: "'반대'팀 발언이 시작되었습니다." },
      { event: 'NOTIFICATION', message: '잠시 후 투표가 시작됩니다.' },
      { event: 'STATUS', status: 'VOTING', message: '투표가 시작되었습니다.' },
      { event: 'NOTIFICATION', message: '투표가 종료되었습니다. 투표 결과 집계중...' },
      { event: 'STATUS', status: 'CLOSED', message: '토론이 모두 종료되었습니다. 찬성 팀이 승리했습니다!!' },
    ]);
    // The trailing space is part of the contract.
    expect(Buffer.from('잠시 후 토론이 시작됩니다... ').toString('hex')).toBe(
      Buffer.from((bodies(log)[2] as { message: string }).message).toString('hex'),
    );
  });

  it('closes a vote room with a text that is never exactly the replay text', () => {
    for (const [ballots, text] of [
      [[cmd.vote(2, 'CON', OPEN + 1)], '토론이 모두 종료되었습니다. 반대 팀이 승리했습니다!!'],
      [[], '토론이 모두 종료되었습니다. 비겼습니다!!'],
    ] as const) {
      const log = history(...oneOnOne(), cmd.tick(OPEN), ...ballots, cmd.tick(CLOSE));
      const closed = bodies(log).at(-1);
      expect(closed).toEqual({ event: 'STATUS', status: 'CLOSED', message: text });
      expect(closed).not.toMatchObject({ message: '토론이 모두 종료되었습니다.' });
    }
  });

  it('closes a room without vote with exactly 토론이 모두 종료되었습니다.', () => {
    const log = history(...threeOnThree({ resultEnabled: false, turnsPerSide: 4 }), cmd.tick(T0 + 5000 + 8 * 30_000));
    const all = bodies(log);
    expect(all.filter((b) => b.event === 'TURN')).toHaveLength(7);
    expect(all.at(-1)).toEqual({ event: 'STATUS', status: 'CLOSED', message: '토론이 모두 종료되었습니다.' });
    expect(all.some((b) => b.event === 'NOTIFICATION' && b.message.includes('투표'))).toBe(false);
  });

  it('sends user_left then WIN_BY_DEFAULT with the winner on both topics', () => {
    const log = history(...oneOnOne(), cmd.tick(T0 + 5000), cmd.leave(2, T0 + 6000));
    const batch = log.slice(-2);
    expect(legacyMessages(ROOM_ID, batch)).toEqual([
      {
        topic: 'debate',
        body: {
          event: 'user_left',
          roomId: ROOM_ID,
          userName: user(2).nickname,
          message: `${user(2).nickname}님이 방을 떠났습니다.`,
        },
      },
      { topic: 'debate', body: { event: 'WIN_BY_DEFAULT', roomId: ROOM_ID, winner: 'PRO' } },
      { topic: 'observer', body: { event: 'WIN_BY_DEFAULT', roomId: ROOM_ID, winner: 'PRO' } },
    ]);
  });

  it('sends EXIT_OVERFLOW_NULL on both topics in a room without vote', () => {
    const log = history(...oneOnOne({ resultEnabled: false }), cmd.leave(1, T0 + 1000));
    expect(legacyMessages(ROOM_ID, log.slice(-1))).toEqual([
      { topic: 'debate', body: { event: 'EXIT_OVERFLOW_NULL', roomId: ROOM_ID } },
      { topic: 'observer', body: { event: 'EXIT_OVERFLOW_NULL', roomId: ROOM_ID } },
    ]);
  });

  it('echoes observer chat on the observer topic only, and keeps observers inert on the debate topic', () => {
    const log = history(cmd.open(), cmd.observe(8), cmd.chat(8, '기대돼요', T0 + 500), cmd.unobserve(8, T0 + 600));
    expect(bodies(log, 'observer')).toEqual([
      {
        event: 'MESSAGE',
        userName: user(8).nickname,
        imageUrl: user(8).imageUrl,
        position: 'observer',
        message: '기대돼요',
        timestamp: '2026-01-01T00:00:00.500Z',
      },
    ]);
    expect(bodies(log)).toEqual([]);
  });

  it('announces a reconnect as a join (a rejoin, not a new user), and stays silent on a drop inside the grace', () => {
    const log = history(...oneOnOne(), cmd.disconnect(1, T0 + 100), cmd.join(1, 'PRO', T0 + 200));
    expect(bodies(log.slice(-2))).toEqual([
      {
        event: 'user_joined',
        roomId: ROOM_ID,
        userName: user(1).nickname,
        message: `${user(1).nickname}님이 방에 입장했습니다.`,
      },
    ]);
  });

  it('turns a refused join into the error event naming the kicked user', () => {
    const decision = decide(replay(history(cmd.open(), cmd.join(1, 'PRO'))), cmd.join(3, 'PRO'));
    if (decision.ok) throw new Error('expected a rejection');
    expect(legacyRejection(ROOM_ID, user(3).nickname, decision.rejection)).toEqual({
      event: 'error',
      roomId: ROOM_ID,
      kickedUserName: user(3).nickname,
      message: '선택한 입장의 자리가 모두 찼어요.',
    });
  });

  it('resumes a debater past waiting with the messages that bring a client to the current screen', () => {
    const at = (...extra: Parameters<typeof history>) => legacyResumption(replay(history(...oneOnOne(), ...extra)));
    const starting = { event: 'NOTIFICATION', message: '잠시 후 토론이 시작됩니다... ' };
    const debating = { event: 'STATUS', status: 'DEBATE', message: '토론이 시작되었습니다.' };
    expect(legacyResumption(replay(history(cmd.open(), cmd.join(1, 'PRO'))))).toEqual([]);
    expect(at()).toEqual([starting]);
    expect(at(cmd.tick(T0 + 5000))).toEqual([
      starting,
      debating,
      { event: 'TURN', turn: 'PRO', message: "'찬성'팀 발언이 시작되었습니다." },
    ]);
    expect(at(cmd.tick(T0 + 5000), cmd.tick(T0 + 35_000))).toEqual([
      starting,
      debating,
      { event: 'TURN', turn: 'CON', message: "'반대'팀 발언이 시작되었습니다." },
    ]);
    expect(at(cmd.tick(OPEN))).toEqual([
      { event: 'NOTIFICATION', message: '잠시 후 투표가 시작됩니다.' },
      { event: 'STATUS', status: 'VOTING', message: '투표가 시작되었습니다.' },
    ]);
    expect(at(cmd.tick(CLOSE))).toEqual([]);
    // Every resumption message is one a client present all along received, with the same text.
    const log = history(...oneOnOne(), cmd.tick(T0 + 5000), cmd.tick(T0 + 65_000), cmd.tick(OPEN));
    const told = bodies(log).map((b) => JSON.stringify(b));
    for (let n = 1; n <= log.length; n++) {
      const state = replay(log.slice(0, n));
      for (const body of legacyResumption(state)) {
        // PRO's first turn is told by STATUS DEBATE alone.
        if (body.event === 'TURN' && state.turn?.index === 0) continue;
        expect(told).toContain(JSON.stringify(body));
      }
    }
  });
});
