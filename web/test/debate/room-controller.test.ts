import { replay, type NativeReply, type Participant, type RoomInfo } from '@toron/engine';
import { describe, expect, it } from 'vitest';
import {
  ALREADY_VOTED_NOTICE,
  PLACE_RETRY_MS,
  arrivalOf,
  arrivalOutcome,
  CLOSED_ROOM_NOTICE,
  connectCommand,
  eventOutcome,
  GRACE_EXPIRED_NOTICE,
  isTicking,
  leaveCommand,
  LIVE_MS,
  mySideOf,
  needsCards,
  replyOutcome,
  tableKey,
  voteIntent,
} from '../../src/features/debate-zone/room-controller';
import { recordedLog } from './recorded';

// One-on-one vote room: 김민지 (2) PRO, 이준호 (3) CON, 정하은 (6) and 강지호 (7) observe and vote.
const log = recordedLog('one-on-one-vote');
const upTo = (type: string) => log.slice(0, log.findIndex((e) => e.type === type) + 1);
const waiting = replay(upTo('RoomOpened'));
const debating = replay(upTo('TurnStarted'));
const voting = replay(upTo('VotingOpened'));
const voted = replay(log.slice(0, log.findIndex((e) => e.type === 'Voted' && e.userId === 6) + 1));

const card = (id: number): Participant => ({
  id,
  nickname: `사용자${id}`,
  profileUrl: null,
  winNumber: 0,
  drawNumber: 0,
  defeatNumber: 0,
});
const info = (over: Partial<RoomInfo> = {}): RoomInfo => ({
  roomId: debating.roomId,
  uuid: debating.roomId,
  title: '주 4일제',
  description: '찬반',
  memberNumberType: 1,
  categoryType: 'SO',
  continentType: 'KR',
  newsUrl: null,
  status: 'DEBATE',
  timeType: 30,
  speakCountType: 3,
  resultEnabled: true,
  proUsers: [card(2)],
  conUsers: [card(3)],
  outcome: null,
  ...over,
});
const refused = (command: string, code: Extract<NativeReply, { ok: false }>['code']): NativeReply => ({
  roomId: debating.roomId,
  command,
  ok: false,
  code,
  message: '거절된 요청',
});

describe('arriving in a room', () => {
  it('learns the seat the room says the user holds, and says so once when the room has ended', () => {
    expect(arrivalOf(info(), 3)).toEqual({ closed: false, seatedSide: 'CON' });
    expect(arrivalOf(info(), 6)).toEqual({ closed: false, seatedSide: null });
    expect(arrivalOf(info(), null).seatedSide).toBeNull();
    const closed = arrivalOf(info({ status: 'CLOSED' }), 2);
    expect(arrivalOutcome(closed)).toEqual({ toast: { text: CLOSED_ROOM_NOTICE, tone: 'info' } });
    expect(arrivalOutcome(arrivalOf(info(), 2))).toBeNull();
  });
});

describe('what is sent on every (re)connection', () => {
  const base = { closedOnArrival: false, me: 2, state: waiting, wanted: null };
  it('observes as an observer; joins nothing in a room that had ended', () => {
    expect(connectCommand({ ...base, role: 'observer' })).toEqual({ command: 'observe' });
    expect(connectCommand({ ...base, role: 'observer', closedOnArrival: true })).toBeNull();
    expect(connectCommand({ ...base, role: 'debater', closedOnArrival: true, wanted: 'PRO' })).toBeNull();
  });

  it('takes back the seat the stream shows, else asks for the chosen side, else waits for a choice', () => {
    expect(connectCommand({ ...base, role: 'debater', state: debating, wanted: 'CON' })).toEqual({
      command: 'join',
      body: { side: 'PRO' },
    });
    expect(connectCommand({ ...base, role: 'debater', wanted: 'CON' })).toEqual({
      command: 'join',
      body: { side: 'CON' },
    });
    expect(connectCommand({ ...base, role: 'debater' })).toBeNull();
  });
});

describe('what a reply means', () => {
  it('says nothing for an accepted command or a refused leave', () => {
    expect(replyOutcome({ roomId: debating.roomId, command: 'speak', ok: true })).toBeNull();
    expect(replyOutcome(refused('leave', 'NOT_A_DEBATER'))).toBeNull();
    expect(replyOutcome(refused('unobserve', 'NOT_AN_OBSERVER'))).toBeNull();
  });

  it('sends a refused join or observe back to the room list with the server’s message', () => {
    expect(replyOutcome(refused('join', 'SIDE_FULL'))).toEqual({
      toast: { text: '거절된 요청', tone: 'error' },
      backToRooms: true,
    });
    expect(replyOutcome(refused('observe', 'ALREADY_SEATED'))?.backToRooms).toBe(true);
  });

  it('takes the place again, a little later each time, while the room is between nodes; then gives up', () => {
    for (const command of ['join', 'observe'] as const) {
      const waits = PLACE_RETRY_MS.map((_, n) => replyOutcome(refused(command, 'ROOM_UNAVAILABLE'), n));
      expect(waits).toEqual([
        { retryPlaceInMs: 1_000 },
        { retryPlaceInMs: 2_000 },
        { retryPlaceInMs: 4_000 },
        { retryPlaceInMs: 8_000 },
      ]);
      expect(replyOutcome(refused(command, 'ROOM_UNAVAILABLE'), PLACE_RETRY_MS.length)).toEqual({
        toast: { text: '거절된 요청', tone: 'error' },
        backToRooms: true,
      });
    }
    // Any other command the room could not take is only said.
    expect(replyOutcome(refused('vote', 'ROOM_UNAVAILABLE'))).toEqual({
      toast: { text: '거절된 요청', tone: 'error' },
    });
  });

  it('uses the product’s notices for an ended room and a second ballot; a refused chat line by its input', () => {
    expect(replyOutcome(refused('join', 'ROOM_CLOSED'))).toEqual({ toast: { text: CLOSED_ROOM_NOTICE, tone: 'info' } });
    expect(replyOutcome(refused('vote', 'ALREADY_VOTED'))).toEqual({
      toast: { text: ALREADY_VOTED_NOTICE, tone: 'info' },
    });
    expect(replyOutcome(refused('speak', 'CHAT_RATE_LIMITED'))).toEqual({
      chatRefused: { command: 'speak', message: '거절된 요청' },
    });
    expect(replyOutcome(refused('observer-chat', 'CHAT_RATE_LIMITED'))).toEqual({
      chatRefused: { command: 'observer-chat', message: '거절된 요청' },
    });
    expect(replyOutcome(refused('vote', 'VOTE_NOT_OPEN'))).toEqual({ toast: { text: '거절된 요청', tone: 'error' } });
  });
});

describe('what a live event means', () => {
  const turn = log.find((e) => e.type === 'TurnStarted')!;
  it('is read out while live, with the engine’s turn count; replayed history says nothing', () => {
    const live = { role: 'observer' as const, me: 6, state: debating, serverNow: turn.at + 100 };
    expect(eventOutcome(turn, live)).toEqual({ announce: '찬성 측 발언 차례입니다. 남은 턴 6.' });
    expect(eventOutcome(turn, { ...live, serverNow: turn.at + LIVE_MS + 1 })).toBeNull();
    expect(
      eventOutcome(
        log.find((e) => e.type === 'Voted')!,
        { ...live, serverNow: Infinity },
      ),
    ).toBeNull();
  });

  it('sends a debater whose grace ran out back to the room list, and nobody else', () => {
    const gone = recordedLog('grace-expired');
    const left = gone.find((e) => e.type === 'DebaterLeft')!;
    const after = replay(gone.slice(0, gone.indexOf(left) + 1));
    const p = { role: 'debater' as const, me: 2, state: after, serverNow: left.at };
    expect(eventOutcome(left, p)).toMatchObject({
      toast: { text: GRACE_EXPIRED_NOTICE, tone: 'error' },
      backToRooms: true,
    });
    expect(eventOutcome(left, { ...p, me: 8 })?.backToRooms).toBeUndefined();
    expect(eventOutcome(left, { ...p, role: 'observer' })?.backToRooms).toBeUndefined();
  });
});

describe('the debaters’ cards', () => {
  it('are loaded again when someone at the table has none, and the table key follows the faces', () => {
    expect(needsCards(info(), debating)).toBe(false);
    expect(needsCards(info({ conUsers: [] }), debating)).toBe(true);
    expect(needsCards(info({ proUsers: [], conUsers: [] }), waiting)).toBe(false);
    expect(tableKey(waiting)).toBe('');
    expect(tableKey(debating)).toBe('2,3');
  });
});

describe('intents', () => {
  it('a ballot goes out once; the second is refused here with the product’s notice (the engine’s hasVoted)', () => {
    expect(voteIntent(voting, 6, 'PRO')).toEqual({ send: { command: 'vote', body: { choice: 'PRO' } } });
    expect(voteIntent(voted, 6, 'CON')).toEqual({ toast: { text: ALREADY_VOTED_NOTICE, tone: 'info' } });
    expect(voteIntent(voted, 7, 'CON')).toEqual({ send: { command: 'vote', body: { choice: 'CON' } } });
  });

  it('leaving gives the seat up or stops observing; the clock runs only in timed phases', () => {
    expect(leaveCommand('debater')).toEqual({ command: 'leave' });
    expect(leaveCommand('observer')).toEqual({ command: 'unobserve' });
    expect(mySideOf(debating, 3)).toBe('CON');
    expect(mySideOf(debating, 6)).toBeNull();
    expect(mySideOf(debating, null)).toBeNull();
    expect([waiting, debating, voting].map(isTicking)).toEqual([false, true, true]);
  });
});
