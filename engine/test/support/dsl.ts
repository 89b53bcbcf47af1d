import { expect } from 'vitest';
import {
  decide,
  execute,
  replay,
  type Actor,
  type Command,
  type CommandOf,
  type EventDraft,
  type RejectionCode,
  type RoomEvent,
  type RoomSettingsInput,
  type Side,
  type Stance,
  type VoteChoice,
} from '../../src/index.js';

/** A fixed clock origin for tests. */
export const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
export const ROOM_ID = '0b7c3f5e-2d4a-4c61-9a0e-6f1d2b3c4d5e';

/** Default settings: 1:1, 30 s turns, 3 turns per side, with a vote. */
export function settings(over: Partial<RoomSettingsInput> = {}): RoomSettingsInput {
  return {
    title: '기본소득 도입',
    description: '찬반을 나눠 토론해요',
    continent: 'KR',
    category: 'PO',
    format: 'T1',
    secondsPerTurn: 30,
    turnsPerSide: 3,
    resultEnabled: true,
    creatorId: 1,
    ...over,
  };
}

/** A test user; odd ids have no picture. */
export function user(id: number): Actor {
  return { userId: id, nickname: `토론자${id}`, imageUrl: id % 2 === 1 ? null : `https://img.example/${id}.png` };
}

/** Command builders. */
export const cmd = {
  open: (
    over: Partial<RoomSettingsInput> = {},
    now = T0,
    extra: { timeScale?: number; graceSeconds?: number } = {},
  ): CommandOf<'openRoom'> => ({
    type: 'openRoom',
    now,
    roomId: ROOM_ID,
    settings: settings(over),
    ...extra,
  }),
  join: (id: number, side: Side, now = T0): Command => ({ type: 'joinAsDebater', now, actor: user(id), side }),
  observe: (id: number, now = T0): Command => ({ type: 'joinAsObserver', now, actor: user(id) }),
  unobserve: (id: number, now = T0): Command => ({ type: 'leaveAsObserver', now, actor: user(id) }),
  leave: (id: number, now = T0): Command => ({ type: 'leave', now, actor: user(id) }),
  disconnect: (id: number, now = T0): Command => ({ type: 'disconnect', now, actor: user(id) }),
  reconnect: (id: number, now = T0): Command => ({ type: 'reconnect', now, actor: user(id) }),
  speak: (id: number, text: string, now = T0): Command => ({ type: 'speak', now, actor: user(id), text }),
  chat: (id: number, text: string, now = T0): Command => ({ type: 'observerChat', now, actor: user(id), text }),
  vote: (id: number, choice: VoteChoice, now = T0): Command => ({ type: 'vote', now, actor: user(id), choice }),
  stance: (id: number, stance: Stance, now = T0): Command => ({ type: 'declareStance', now, actor: user(id), stance }),
  tick: (now: number): Command => ({ type: 'tick', now }),
  shift: (byMs: number, now: number): Command => ({ type: 'shiftDeadlines', now, byMs }),
};

/** Executes commands in order from an empty room and returns the log; fails on any rejection. */
export function history(...commands: Command[]): RoomEvent[] {
  const log: RoomEvent[] = [];
  for (const command of commands) {
    const { events, rejection } = execute(replay(log), command);
    if (rejection) throw new Error(`${command.type} refused: ${rejection.code}`);
    log.push(...events);
  }
  return log;
}

/** Drops the stamp of events, for comparing what happened. */
export const drafts = (events: readonly RoomEvent[]): EventDraft[] =>
  events.map(({ seq: _seq, at: _at, v: _v, ...draft }) => draft);

/** Emmett-style decider spec: given past events, when a command, then events or a rejection. */
export function given(past: readonly RoomEvent[]) {
  const state = replay(past);
  return {
    when(command: Command) {
      const decision = decide(state, command);
      return {
        then(expected: readonly EventDraft[]): RoomEvent[] {
          if (!decision.ok) throw new Error(`expected events, got rejection ${decision.rejection.code}`);
          expect(drafts(decision.events)).toEqual(expected);
          return [...decision.events];
        },
        thenRejects(code: RejectionCode): void {
          expect(decision.ok ? 'accepted' : decision.rejection.code).toBe(code);
        },
      };
    },
  };
}

/** The commands opening a 1:1 room (PRO 1, CON 2) whose recruitment completes at T0. */
export function oneOnOne(over: Partial<RoomSettingsInput> = {}): Command[] {
  return [cmd.open(over), cmd.join(1, 'PRO'), cmd.join(2, 'CON')];
}

/** The commands opening a full 3:3 room: PRO 1,3,5 and CON 2,4,6. */
export function threeOnThree(over: Partial<RoomSettingsInput> = {}): Command[] {
  return [
    cmd.open({ format: 'T2', ...over }),
    ...[1, 3, 5].map((id) => cmd.join(id, 'PRO')),
    ...[2, 4, 6].map((id) => cmd.join(id, 'CON')),
  ];
}

/** The log of a full 1:1 room (recruitment completes at T0). */
export const fullOneOnOne = (over: Partial<RoomSettingsInput> = {}): RoomEvent[] => history(...oneOnOne(over));

/** The log of a full 3:3 room. */
export const fullThreeOnThree = (over: Partial<RoomSettingsInput> = {}): RoomEvent[] => history(...threeOnThree(over));
