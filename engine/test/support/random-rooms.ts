/**
 * Random rooms for property tests: settings, a clock and a few users doing anything in any order
 * (most of it refused, the rest a room's log), so generated logs reach every phase and ending.
 */
import fc from 'fast-check';
import { execute, INITIAL_ROOM_STATE, STANCES, type Command, type RoomEvent, type RoomState } from '../../src/index.js';
import { cmd, T0 } from './dsl.js';

const USERS = [1, 2, 3, 4, 5, 6, 7, 8];

const step = fc.record({
  gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 400, max: 5000 })),
  user: fc.constantFrom(...USERS),
  kind: fc.constantFrom(
    ...([
      'join',
      'join',
      'join',
      'join',
      'speak',
      'speak',
      'vote',
      'vote',
      'observe',
      'stance',
      'chat',
      'unobserve',
      'leave',
      'leave',
      'disconnect',
      'reconnect',
      'tick',
      'tick',
    ] as const),
  ),
  side: fc.constantFrom('PRO' as const, 'CON' as const),
  choice: fc.constantFrom('PRO' as const, 'CON' as const, 'NO_POSITION' as const),
  stance: fc.constantFrom(...STANCES),
  text: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('  '), fc.constant('가'.repeat(501))),
});

export const room = fc.record({
  format: fc.constantFrom('T1' as const, 'T2' as const),
  resultEnabled: fc.boolean(),
  turnsPerSide: fc.integer({ min: 3, max: 10 }),
  secondsPerTurn: fc.constantFrom(
    30 as const,
    40 as const,
    50 as const,
    60 as const,
    90 as const,
    120 as const,
    150 as const,
  ),
  timeScale: fc.double({ min: 0.0005, max: 0.02, noNaN: true }),
  graceSeconds: fc.integer({ min: 0, max: 30 }),
  // Calm rooms have no leaves or drops, so more of them reach the end of the debate.
  calm: fc.boolean(),
  steps: fc.array(step, { minLength: 20, maxLength: 160 }),
});

export type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

export function commandOf(s: Step, now: number, calm: boolean): Command {
  const kind = calm && (s.kind === 'leave' || s.kind === 'disconnect') ? 'join' : s.kind;
  switch (kind) {
    case 'join':
      return cmd.join(s.user, s.side, now);
    case 'speak':
      return cmd.speak(s.user, s.text || '발언', now);
    case 'vote':
      return cmd.vote(s.user, s.choice, now);
    case 'observe':
      return cmd.observe(s.user, now);
    case 'stance':
      return cmd.stance(s.user, s.stance, now);
    case 'chat':
      return cmd.chat(s.user, s.text || '채팅', now);
    case 'unobserve':
      return cmd.unobserve(s.user, now);
    case 'leave':
      return cmd.leave(s.user, now);
    case 'disconnect':
      return cmd.disconnect(s.user, now);
    case 'reconnect':
      return cmd.reconnect(s.user, now);
    case 'tick':
      return cmd.tick(now);
  }
}

export type RandomRoom = typeof room extends fc.Arbitrary<infer R> ? R : never;

/** The command that opens a random room. */
export function openCommandOf(r: RandomRoom): Command {
  return cmd.open(
    {
      format: r.format,
      resultEnabled: r.resultEnabled,
      turnsPerSide: r.turnsPerSide,
      secondsPerTurn: r.secondsPerTurn,
    },
    T0,
    { timeScale: r.timeScale, graceSeconds: r.graceSeconds },
  );
}

/** The log of a random room: its commands executed in order (refusals leave nothing), then a late tick. */
export function logOf(r: RandomRoom): RoomEvent[] {
  const log: RoomEvent[] = [];
  let state: RoomState = INITIAL_ROOM_STATE;
  let now = T0;
  for (const s of [null, ...r.steps, null]) {
    const command =
      s === null
        ? log.length === 0
          ? openCommandOf(r)
          : cmd.tick(now + 10_000_000)
        : commandOf(s, (now += s.gap), r.calm);
    const executed = execute(state, command);
    state = executed.state;
    log.push(...executed.events);
  }
  return log;
}
