import { debaterView, observerView, replay } from '@toron/engine';
import { describe, expect, it } from 'vitest';
import {
  isComposing,
  MAX_MESSAGE_LENGTH,
  messageToSend,
  PLACEHOLDER_MY_TURN,
  PLACEHOLDER_NOT_MY_TURN,
  sendsOnEnter,
} from '../../src/features/debate-zone/chat-input';
import { recordedLog } from './recorded';

describe('the Enter key and the IME', () => {
  it('sends on Enter, breaks the line on Shift+Enter', () => {
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnEnter({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('ignores Enter while a Korean syllable is being composed (isComposing or keyCode 229)', () => {
    expect(isComposing({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(true);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false, isComposing: false, keyCode: 229 })).toBe(false);
    expect(sendsOnEnter({ key: 'Enter', shiftKey: false, isComposing: false, keyCode: 13 })).toBe(true);
  });
});

describe('what is sent', () => {
  it('never empty or whitespace-only, trimmed, at most 500 characters', () => {
    expect(messageToSend('')).toBeNull();
    expect(messageToSend('  \n\t ')).toBeNull();
    expect(messageToSend('  찬성합니다 ')).toBe('찬성합니다');
    expect(MAX_MESSAGE_LENGTH).toBe(500);
    expect(messageToSend('가'.repeat(500))).toHaveLength(500);
    expect(messageToSend('가'.repeat(501))).toBeNull();
  });

  it('has the two placeholders', () => {
    expect(PLACEHOLDER_MY_TURN).toBe('메시지를 입력하세요');
    expect(PLACEHOLDER_NOT_MY_TURN).toBe('발언 시간이 아닙니다');
  });
});

describe('input enablement follows the turn', () => {
  const log = recordedLog('one-on-one-vote');
  const started = log.findIndex((e) => e.type === 'TurnStarted');
  const firstTurn = replay(log.slice(0, started + 1));
  const pro = firstTurn.seats.PRO[0]!.userId;
  const con = firstTurn.seats.CON[0]!.userId;

  it('only the side holding the turn may speak; PRO first', () => {
    expect(firstTurn.turn?.side).toBe('PRO');
    expect(debaterView(firstTurn, pro).canSpeak).toBe(true);
    expect(debaterView(firstTurn, con).canSpeak).toBe(false);
    const second = log.findIndex((e, i) => i > started && e.type === 'TurnStarted');
    const secondTurn = replay(log.slice(0, second + 1));
    expect(debaterView(secondTurn, pro).canSpeak).toBe(false);
    expect(debaterView(secondTurn, con).canSpeak).toBe(true);
    expect(debaterView(secondTurn, con).turnsLeft).toBe(debaterView(firstTurn, con).turnsLeft - 1);
  });

  it('nobody speaks before the debate, and an observer never does', () => {
    const waiting = replay(log.slice(0, 2));
    expect(debaterView(waiting, pro).canSpeak).toBe(false);
    expect(observerView(firstTurn, pro).turnsLeft).toBe(firstTurn.settings!.turnsPerSide * 2);
  });
});
