import { describe, expect, it } from 'vitest';
import {
  replay,
  roomInfo,
  roomListEntry,
  roomListKeys,
  ROOM_LIST_ORDER,
  isJoinable,
  type Participant,
} from '../../src/index.js';
import { cmd, history, oneOnOne, ROOM_ID, T0, threeOnThree, user } from '../support/dsl.js';

const cards = new Map<number, Participant>([
  [
    1,
    {
      id: 1,
      nickname: '토론자1',
      profileUrl: 'https://img.example/p1.png',
      winNumber: 4,
      drawNumber: 1,
      defeatNumber: 2,
    },
  ],
]);
const lookup = (id: number) => cards.get(id);

describe('roomInfo (docs/wire-contract.md#shapes)', () => {
  it('is null before the room opens', () => {
    expect(roomInfo(replay([]), lookup)).toBeNull();
  });

  it('carries numbers for format, seconds and turns, the uuid twice, and live seats while waiting', () => {
    const state = replay(
      history(
        cmd.open({ format: 'T2', secondsPerTurn: 90, turnsPerSide: 5, newsId: 12, newsUrl: '/news/12' }),
        cmd.join(1, 'PRO'),
        cmd.join(2, 'CON'),
      ),
    );
    expect(roomInfo(state, lookup)).toEqual({
      roomId: ROOM_ID,
      uuid: ROOM_ID,
      title: '기본소득 도입',
      description: '찬반을 나눠 토론해요',
      memberNumberType: 3,
      categoryType: 'PO',
      continentType: 'KR',
      newsUrl: '/news/12',
      status: 'WAITING',
      timeType: 90,
      speakCountType: 5,
      resultEnabled: true,
      proUsers: [cards.get(1)],
      conUsers: [
        {
          id: 2,
          nickname: user(2).nickname,
          profileUrl: user(2).imageUrl,
          winNumber: 0,
          drawNumber: 0,
          defeatNumber: 0,
        },
      ],
      outcome: null,
    });
  });

  it('frees a card when a waiting debater leaves', () => {
    const state = replay(history(cmd.open({ format: 'T2' }), cmd.join(1, 'PRO'), cmd.join(3, 'PRO'), cmd.leave(1)));
    expect(roomInfo(state, lookup)?.proUsers.map((p) => p.id)).toEqual([3]);
  });

  it('shows the roster once started, leavers included, and maps phases to statuses', () => {
    const statusAt = (...extra: Parameters<typeof history>) =>
      roomInfo(replay(history(...threeOnThree(), ...extra)), lookup)?.status;
    expect(statusAt()).toBe('DEBATE');
    expect(statusAt(cmd.tick(T0 + 5000))).toBe('DEBATE');
    expect(statusAt(cmd.tick(T0 + 185_000))).toBe('VOTING');
    expect(statusAt(cmd.tick(T0 + 218_000))).toBe('CLOSED');
    const left = roomInfo(replay(history(...threeOnThree(), cmd.leave(1))), lookup);
    expect(left?.proUsers.map((p) => p.id)).toEqual([1, 3, 5]);
    expect(roomInfo(replay(history(...oneOnOne(), cmd.leave(1))), lookup)?.status).toBe('CLOSED');
  });
});

describe('room list entries (docs/wire-contract.md#shapes)', () => {
  it('wraps room info with current and peak observers', () => {
    const state = replay(history(cmd.open(), cmd.join(1, 'PRO'), cmd.observe(7), cmd.observe(8), cmd.unobserve(7)));
    const entry = roomListEntry(state, lookup);
    expect(entry?.currentCount).toBe(1);
    expect(entry?.maxCount).toBe(2);
    expect(entry?.debateRoomResponse.uuid).toBe(ROOM_ID);
    expect(roomListKeys(state)).toEqual({ createdAt: T0, openSeats: 1, observers: 1 });
    expect(isJoinable(state)).toBe(true);
    expect(isJoinable(replay(history(...oneOnOne())))).toBe(false);
  });

  it('sorts newest first, closest to full first, and most watched first', () => {
    const a = { createdAt: 1, openSeats: 1, observers: 5 };
    const b = { createdAt: 2, openSeats: 3, observers: 0 };
    expect([a, b].sort(ROOM_LIST_ORDER.roomSortedByCreatedAt)).toEqual([b, a]);
    expect([b, a].sort(ROOM_LIST_ORDER.roomSortedByUserCount)).toEqual([a, b]);
    expect([b, a].sort(ROOM_LIST_ORDER.observerCurrent)).toEqual([a, b]);
  });
});
