import { describe, expect, it } from 'vitest';
import {
  debateChatDestination,
  debateTopic,
  durationLabel,
  isNativeCommandName,
  legacyBodySchema,
  legacyMessages,
  matchRoomCommand,
  matchRoomEventsTopic,
  matchRoomStanceTopic,
  NATIVE_COMMAND_NAMES,
  NATIVE_REFUSAL_CODES,
  nativeCommandSchema,
  nativeReplySchema,
  observerChatDestination,
  observerTopic,
  REJECTION_CODES,
  replay,
  roomCommandDestination,
  roomEventsTopic,
  roomInfo,
  roomStanceTopic,
  roomInfoSchema,
  roomListEndpoint,
  roomListEntry,
  roomListEntrySchema,
  speakingSeconds,
  totalTurns,
} from '../../src/index.js';
import { history, oneOnOne, ROOM_ID, settings, threeOnThree } from '../support/dsl.js';
import { TOURS } from '../support/tours.js';

describe('destinations (docs/wire-contract.md#destinations)', () => {
  it('builds the legacy and native destinations of a room', () => {
    expect(debateTopic(ROOM_ID)).toBe(`/topic/debate/${ROOM_ID}`);
    expect(observerTopic(ROOM_ID)).toBe(`/topic/observer/${ROOM_ID}`);
    expect(debateChatDestination(ROOM_ID)).toBe(`/app/debate/${ROOM_ID}`);
    expect(observerChatDestination(ROOM_ID)).toBe(`/app/observer/${ROOM_ID}`);
    expect(roomEventsTopic(ROOM_ID)).toBe(`/topic/rooms/${ROOM_ID}/events`);
    expect(roomStanceTopic(ROOM_ID)).toBe(`/topic/rooms/${ROOM_ID}/stance`);
    expect(roomCommandDestination(ROOM_ID, 'vote')).toBe(`/app/rooms/${ROOM_ID}/vote`);
  });

  it('reads back what it builds (room ids in lower case) and nothing else', () => {
    const upper = ROOM_ID.toUpperCase();
    expect(matchRoomEventsTopic(roomEventsTopic(upper))).toBe(ROOM_ID);
    expect(matchRoomStanceTopic(roomStanceTopic(upper))).toBe(ROOM_ID);
    expect(matchRoomStanceTopic(roomEventsTopic(ROOM_ID))).toBeNull();
    expect(matchRoomEventsTopic(roomStanceTopic(ROOM_ID))).toBeNull();
    expect(matchRoomCommand(roomCommandDestination(upper, 'observer-chat'))).toEqual({
      roomId: ROOM_ID,
      command: 'observer-chat',
    });
    for (const other of [debateTopic(ROOM_ID), `/topic/rooms/${ROOM_ID}/events/x`, '/topic/rooms/x/events']) {
      expect(matchRoomEventsTopic(other)).toBeNull();
      expect(matchRoomCommand(other)).toBeNull();
    }
    expect(matchRoomCommand(`/app/rooms/${ROOM_ID}/Vote`)).toBeNull();
  });

  it('puts the room-list filters into the handshake query', () => {
    expect(roomListEndpoint()).toBe('/room-list/filtered');
    expect(roomListEndpoint(new URLSearchParams({ continent: 'KR', member: '' }))).toBe(
      '/room-list/filtered?continent=KR&member=',
    );
  });
});

describe('native commands and replies', () => {
  it('parse every command by name with its body; body-less commands ignore what came with them', () => {
    expect(NATIVE_COMMAND_NAMES).toEqual([
      'join',
      'leave',
      'observe',
      'unobserve',
      'speak',
      'observer-chat',
      'vote',
      'stance',
    ]);
    expect(nativeCommandSchema.parse({ command: 'join', body: { side: 'CON' } })).toEqual({
      command: 'join',
      body: { side: 'CON' },
    });
    expect(nativeCommandSchema.parse({ command: 'leave', body: 'whatever' })).toEqual({ command: 'leave' });
    expect(nativeCommandSchema.safeParse({ command: 'vote', body: { choice: 'MAYBE' } }).success).toBe(false);
    expect(nativeCommandSchema.safeParse({ command: 'speak', body: { text: 'x'.repeat(2001) } }).success).toBe(false);
    expect(nativeCommandSchema.parse({ command: 'stance', body: { stance: 'UNDECIDED' } })).toEqual({
      command: 'stance',
      body: { stance: 'UNDECIDED' },
    });
    expect(nativeCommandSchema.safeParse({ command: 'stance', body: { stance: 'NO_POSITION' } }).success).toBe(false);
    expect(isNativeCommandName('observer-chat')).toBe(true);
    expect(isNativeCommandName('shiftDeadlines')).toBe(false);
  });

  it('type a refusal code as an engine rejection or a refusal of the endpoint', () => {
    for (const code of [...REJECTION_CODES, ...NATIVE_REFUSAL_CODES]) {
      const reply = { roomId: ROOM_ID, command: 'vote', ok: false, code, message: '거절' };
      expect(nativeReplySchema.parse(reply)).toEqual(reply);
    }
    expect(nativeReplySchema.safeParse({ roomId: ROOM_ID, command: 'vote', ok: false, code: 'NOPE' }).success).toBe(
      false,
    );
    expect(nativeReplySchema.parse({ roomId: ROOM_ID, command: 'vote', ok: true })).toMatchObject({ ok: true });
  });
});

describe('projections match their wire schemas', () => {
  const lookup = () => undefined;
  const logs = [history(...oneOnOne()), history(...threeOnThree()), ...Object.values(TOURS).map((t) => history(...t))];

  it('room info and room-list entries of every state along the tours parse', () => {
    for (const log of logs) {
      for (let i = 1; i <= log.length; i++) {
        const state = replay(log.slice(0, i));
        expect(roomInfoSchema.parse(roomInfo(state, lookup))).toEqual(roomInfo(state, lookup));
        expect(roomListEntrySchema.safeParse(roomListEntry(state, lookup)).success).toBe(true);
      }
    }
  });

  it('every legacy message of the tours parses as a legacy body', () => {
    for (const log of logs) {
      for (const message of legacyMessages(ROOM_ID, log)) {
        expect(legacyBodySchema.parse(message.body)).toEqual(message.body);
      }
    }
  });
});

describe('speaking time', () => {
  it('is time × turns per side × 2, labelled in minutes and seconds', () => {
    expect(speakingSeconds(40, 4)).toBe(320);
    expect(totalTurns(settings({ turnsPerSide: 7 }))).toBe(14);
    expect(durationLabel(speakingSeconds(35, 3))).toBe('3분 30초');
    expect(durationLabel(45)).toBe('45초');
    expect(durationLabel(speakingSeconds(150, 10))).toBe('50분');
  });
});
