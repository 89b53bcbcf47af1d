import { NICKNAME_MAX_LENGTH } from '@toron/engine';
import { assign, fromPromise, setup } from 'xstate';
import { NICKNAME_TAKEN, nicknameRefusal } from './auth-api';

export const NICKNAME_DEBOUNCE_MS = 500;
/** Said at once for a field of spaces alone, which the server would refuse the same way. */
export const NICKNAME_BLANK = `닉네임은 1~${NICKNAME_MAX_LENGTH}자로 입력해주세요.`;

/**
 * The sign-up nickname check (docs/product-rules.md#sign-in-and-session): every keystroke restarts a 500 ms wait, then
 * the server is asked;
 * typing again during the check drops its answer; an empty field clears everything. A refusal keeps the
 * server's reason in `refusal`. REFUSED says the sign-up itself was refused for the nickname (taken meanwhile
 * by someone else), so an accepted field does not go on saying it is free.
 */
export const nicknameCheckMachine = setup({
  types: {
    context: {} as { nickname: string; refusal: string },
    events: {} as { type: 'INPUT'; value: string } | { type: 'REFUSED'; refusal: string },
  },
  actors: {
    check: fromPromise<string | null, { nickname: string }>(({ input }) => nicknameRefusal(input.nickname)),
  },
  delays: { debounce: NICKNAME_DEBOUNCE_MS },
}).createMachine({
  id: 'nicknameCheck',
  context: { nickname: '', refusal: '' },
  initial: 'empty',
  on: {
    INPUT: [
      {
        guard: ({ event }) => event.value === '',
        target: '.empty',
        actions: assign({ nickname: '' }),
      },
      {
        guard: ({ event }) => event.value.trim() === '',
        target: '.rejected',
        actions: assign({ nickname: ({ event }) => event.value, refusal: NICKNAME_BLANK }),
      },
      { target: '.waiting', reenter: true, actions: assign({ nickname: ({ event }) => event.value }) },
    ],
    REFUSED: { target: '.rejected', actions: assign({ refusal: ({ event }) => event.refusal }) },
  },
  states: {
    empty: {},
    waiting: { after: { debounce: 'checking' } },
    checking: {
      invoke: {
        src: 'check',
        input: ({ context }) => ({ nickname: context.nickname.trim() }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'accepted' },
          { target: 'rejected', actions: assign({ refusal: ({ event }) => event.output ?? NICKNAME_TAKEN }) },
        ],
        onError: { target: 'rejected', actions: assign({ refusal: NICKNAME_TAKEN }) },
      },
    },
    accepted: {},
    rejected: {},
  },
});

export type NicknameCheckState = 'empty' | 'waiting' | 'checking' | 'accepted' | 'rejected';
