import { assign, fromPromise, setup } from 'xstate';
import { isNicknameAvailable } from './auth-api';

export const NICKNAME_DEBOUNCE_MS = 500;
export const NICKNAME_MAX = 10;

/**
 * The sign-up nickname check (part1 §4): every keystroke restarts a 500 ms wait, then the server is asked;
 * typing again during the check drops its answer; an empty field clears everything.
 */
export const nicknameCheckMachine = setup({
  types: {
    context: {} as { nickname: string },
    events: {} as { type: 'INPUT'; value: string },
  },
  actors: {
    check: fromPromise<boolean, { nickname: string }>(({ input }) => isNicknameAvailable(input.nickname)),
  },
  delays: { debounce: NICKNAME_DEBOUNCE_MS },
}).createMachine({
  id: 'nicknameCheck',
  context: { nickname: '' },
  initial: 'empty',
  on: {
    INPUT: [
      {
        guard: ({ event }) => event.value.trim() === '',
        target: '.empty',
        actions: assign({ nickname: ({ event }) => event.value }),
      },
      { target: '.waiting', reenter: true, actions: assign({ nickname: ({ event }) => event.value }) },
    ],
  },
  states: {
    empty: {},
    waiting: { after: { debounce: 'checking' } },
    checking: {
      invoke: {
        src: 'check',
        input: ({ context }) => ({ nickname: context.nickname.trim() }),
        onDone: [{ guard: ({ event }) => event.output, target: 'accepted' }, { target: 'rejected' }],
        onError: 'rejected',
      },
    },
    accepted: {},
    rejected: {},
  },
});

export type NicknameCheckState = 'empty' | 'waiting' | 'checking' | 'accepted' | 'rejected';
