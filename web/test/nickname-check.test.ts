import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { NICKNAME_TAKEN } from '../src/features/auth/auth-api';
import { NICKNAME_BLANK, NICKNAME_DEBOUNCE_MS, nicknameCheckMachine } from '../src/features/auth/nickname-check';

// The server check is the machine's one input from outside; here it answers from a set of taken names.
function start(taken: string[]) {
  const asked: string[] = [];
  const clock = new SimulatedClock();
  const machine = nicknameCheckMachine.provide({
    actors: {
      check: fromPromise<string | null, { nickname: string }>(async ({ input }) => {
        asked.push(input.nickname);
        return taken.includes(input.nickname) ? NICKNAME_TAKEN : null;
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const type = (value: string) => actor.send({ type: 'INPUT', value });
  const state = () => actor.getSnapshot().value;
  return { actor, clock, asked, type, state };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('nickname check (500 ms debounce)', () => {
  it('asks the server only after typing has stopped for 500 ms', async () => {
    const t = start([]);
    t.type('김');
    t.clock.increment(300);
    t.type('김토');
    t.clock.increment(NICKNAME_DEBOUNCE_MS - 1);
    expect(t.state()).toBe('waiting');
    expect(t.asked).toEqual([]);
    t.clock.increment(1);
    expect(t.state()).toBe('checking');
    await settle();
    expect(t.asked).toEqual(['김토']);
    expect(t.state()).toBe('accepted');
  });

  it('turns an accepted nickname down when the sign-up was refused for it, with the reason', async () => {
    const t = start([]);
    t.type('경쟁닉네임');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.state()).toBe('accepted');
    t.actor.send({ type: 'REFUSED', refusal: NICKNAME_TAKEN });
    expect(t.state()).toBe('rejected');
    expect(t.actor.getSnapshot().context.refusal).toBe(NICKNAME_TAKEN);
  });

  it('says at once that spaces alone are no nickname, asking no server; emptied, the field clears', async () => {
    const t = start([]);
    t.type('   ');
    expect(t.state()).toBe('rejected');
    expect(t.actor.getSnapshot().context.refusal).toBe(NICKNAME_BLANK);
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.asked).toEqual([]);
    t.type('');
    expect(t.state()).toBe('empty');
  });

  it('rejects a taken nickname with the duplicate text', async () => {
    const t = start(['중복']);
    t.type('중복');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.state()).toBe('rejected');
    expect(t.actor.getSnapshot().context.refusal).toBe(NICKNAME_TAKEN);
  });

  it('keeps the reason the server gave, and the duplicate text when the server could not be asked', async () => {
    const reasons: Record<string, string> = { 운영자: '운영진으로 오해받을 수 있는 닉네임은 사용할 수 없습니다.' };
    const machine = nicknameCheckMachine.provide({
      actors: {
        check: fromPromise<string | null, { nickname: string }>(async ({ input }) => {
          if (input.nickname === '끊김') throw new Error('offline');
          return reasons[input.nickname] ?? null;
        }),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: 'INPUT', value: '운영자' });
    clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(actor.getSnapshot().context.refusal).toBe(reasons['운영자']);
    actor.send({ type: 'INPUT', value: '끊김' });
    clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.refusal).toBe(NICKNAME_TAKEN);
  });

  it('clears everything when the field is emptied', async () => {
    const t = start([]);
    t.type('토론왕');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.state()).toBe('accepted');
    t.type('');
    expect(t.state()).toBe('empty');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    expect(t.asked).toEqual(['토론왕']);
  });

  it('drops a check answer once the user typed again', async () => {
    const t = start(['토론']);
    t.type('토론');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    expect(t.state()).toBe('checking');
    t.type('토론가');
    await settle();
    expect(t.state()).toBe('waiting');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.state()).toBe('accepted');
    expect(t.actor.getSnapshot().context.nickname).toBe('토론가');
  });

  it('trims the nickname it asks about', async () => {
    const t = start([]);
    t.type(' 토론 ');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.asked).toEqual(['토론']);
  });
});
