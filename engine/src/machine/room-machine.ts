import { assign, setup } from 'xstate';
import type { RoomEvent } from '../events/schema.js';
import { applyEvent } from '../evolve/apply.js';
import { INITIAL_ROOM_STATE, type RoomState } from '../state/room-state.js';

const stay = { actions: 'apply' } as const;
const to = <T extends string>(target: T) => ({ target, actions: 'apply' }) as const;

// What can happen in any phase before the end: seats and observers change, deadlines move.
const live = {
  DebaterLeft: stay,
  DebaterDisconnected: stay,
  DebaterReconnected: stay,
  ObserverJoined: stay,
  ObserverLeft: stay,
  ObserverChatted: stay,
  DeadlinesShifted: stay,
} as const;

// Viewers declare stances until the vote opens.
const stance = { StanceDeclared: stay } as const;

// Once the roster is fixed, a side falling below the limit ends the room.
const walkovers = { WonByDefault: to('#room.wonByDefault'), ExitOverflow: to('#room.exitOverflow') } as const;

/**
 * The life cycle of a debate room (docs/product-rules.md#phases). Its states are the phases, its events the domain
 * events, its context the RoomState. No delayed transitions: deadlines are data in the context,
 * and the decider emits the timed events.
 */
export const roomMachine = setup({
  types: { context: {} as RoomState, events: {} as RoomEvent },
  actions: { apply: assign(({ context, event }) => applyEvent(context, event)) },
}).createMachine({
  id: 'room',
  initial: 'unopened',
  context: INITIAL_ROOM_STATE,
  states: {
    unopened: { on: { RoomOpened: to('waiting') } },
    waiting: {
      on: {
        ...live,
        ...stance,
        DebaterJoined: stay,
        RecruitmentCompleted: to('starting'),
        RoomAbandoned: to('abandoned'),
      },
    },
    starting: { on: { ...live, ...stance, ...walkovers, DebateStarted: to('debating') } },
    debating: {
      on: {
        ...live,
        ...stance,
        ...walkovers,
        TurnStarted: stay,
        Spoke: stay,
        DebateEnded: to('voting'),
        RoomClosed: to('closed'),
      },
    },
    voting: {
      initial: 'pause',
      // Only vote rooms reach this phase, so a walkover here always has a winner.
      on: { ...live, WonByDefault: walkovers.WonByDefault },
      states: {
        pause: { on: { ...stance, VotingOpened: to('open') } },
        open: { on: { Voted: stay, VotingClosed: to('#room.closed') } },
      },
    },
    closed: { type: 'final' },
    wonByDefault: { type: 'final' },
    exitOverflow: { type: 'final' },
    abandoned: { type: 'final' },
  },
});
