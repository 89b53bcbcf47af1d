import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { NICKNAME_DEBOUNCE_MS, nicknameCheckMachine } from '../src/features/auth/nickname-check';

// The server check is the machine's one input from outside; here it answers from a set of taken names.
function start(taken: string[]) {
  const asked: string[] = [];
  const clock = new SimulatedClock();
  const machine = nicknameCheckMachine.provide({
    actors: {
      check: fromPromise<boolean, { nickname: string }>(async ({ input }) => {
        asked.push(input.nickname);
        return !taken.includes(input.nickname);
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

  it('rejects a taken nickname', async () => {
    const t = start(['중복']);
    t.type('중복');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.state()).toBe('rejected');
  });

  it('clears everything when the field is emptied', async () => {
    const t = start([]);
    t.type('토론왕');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    await settle();
    expect(t.state()).toBe('accepted');
    t.type('');
    expect(t.state()).toBe('empty');
    t.type('   ');
    t.clock.increment(NICKNAME_DEBOUNCE_MS);
    expect(t.state()).toBe('empty');
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
