import { describe, expect, it } from 'vitest';
import {
  EVENT_SCHEMA_VERSION,
  EVENT_TYPES,
  parseCommand,
  parseEvent,
  REJECTION_CODES,
  REJECTION_MESSAGES,
  safeParseEvent,
} from '../src/index.js';
import { cmd, history, oneOnOne, T0 } from './support/dsl.js';

describe('stored events', () => {
  it('parse every event a room produces, stamped with seq, time and version', () => {
    const log = history(
      ...oneOnOne(),
      cmd.observe(7),
      cmd.tick(T0 + 5000),
      cmd.speak(1, '안녕', T0 + 6000),
      cmd.leave(2, T0 + 7000),
    );
    for (const event of log) expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
    expect(log.every((e) => e.v === EVENT_SCHEMA_VERSION)).toBe(true);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
  });

  it('refuse unknown types, other versions, and broken payloads', () => {
    const [opened] = history(cmd.open());
    expect(safeParseEvent({ ...opened, type: 'RoomExploded' }).success).toBe(false);
    expect(safeParseEvent({ ...opened, v: 2 }).success).toBe(false);
    expect(safeParseEvent({ ...opened, roomId: 'not-a-uuid' }).success).toBe(false);
    expect(safeParseEvent({ ...opened, seq: 0 }).success).toBe(false);
    expect(() => parseEvent({ seq: 1, at: T0, v: 1, type: 'Voted', userId: 1, choice: 'MAYBE' })).toThrow();
  });

  it('list the event types of the schema', () => {
    expect(EVENT_TYPES).toContain('RoomOpened');
    expect(EVENT_TYPES).toContain('DeadlinesShifted');
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
  });
});

describe('commands', () => {
  it('parse a well-formed command and refuse a malformed one', () => {
    expect(parseCommand(cmd.vote(1, 'PRO'))).toEqual(cmd.vote(1, 'PRO'));
    expect(() =>
      parseCommand({ type: 'vote', now: T0, actor: { userId: 1, nickname: 'a', imageUrl: null }, choice: 'YES' }),
    ).toThrow();
    expect(() =>
      parseCommand({ type: 'speak', now: -1, actor: { userId: 1, nickname: 'a', imageUrl: null }, text: 'x' }),
    ).toThrow();
    expect(() =>
      parseCommand({ type: 'joinAsObserver', now: T0, actor: { userId: 1, nickname: '  ', imageUrl: null } }),
    ).toThrow();
  });
});

describe('rejections', () => {
  it('keep their stable codes', () => {
    expect(REJECTION_CODES).toEqual([
      'ROOM_NOT_OPENED',
      'ROOM_ALREADY_OPENED',
      'INVALID_SETTINGS',
      'ROOM_CLOSED',
      'ROOM_NOT_RECRUITING',
      'SIDE_FULL',
      'ALREADY_SEATED',
      'SEATED_ON_OTHER_SIDE',
      'ALREADY_OBSERVING',
      'NOT_A_DEBATER',
      'NOT_AN_OBSERVER',
      'NOT_YOUR_TURN',
      'WRONG_PHASE',
      'VOTE_NOT_OPEN',
      'ALREADY_VOTED',
      'NOT_IN_ROOM',
      'EMPTY_MESSAGE',
      'MESSAGE_TOO_LONG',
      'NOT_DISCONNECTED',
      'ALREADY_DISCONNECTED',
      'STANCE_LOCKED',
      'STANCE_NOT_FOR_DEBATERS',
      'ROOM_UNAVAILABLE',
    ]);
  });

  it('use the product’s texts where it has them, and a Korean sentence everywhere', () => {
    expect(REJECTION_MESSAGES.ALREADY_VOTED).toBe('이미 투표권을 행사하셨습니다.');
    expect(REJECTION_MESSAGES.ROOM_CLOSED).toBe('이미 완료된 토론 방입니다.');
    for (const message of Object.values(REJECTION_MESSAGES)) expect(message).toMatch(/^[^a-zA-Z]*[가-힣][^a-zA-Z]*\.$/);
  });
});
