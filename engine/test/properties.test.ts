import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evolve,
  execute,
  INITIAL_ROOM_STATE,
  isTerminal,
  legacyMessages,
  parseEvent,
  records,
  replay,
  seatsPerSide,
  STANCES,
  type Command,
  type RoomEvent,
  type RoomState,
} from '../src/index.js';
import { cmd, ROOM_ID, T0 } from './support/dsl.js';

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

const room = fc.record({
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

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

function commandOf(s: Step, now: number, calm: boolean): Command {
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

function checkSeats(state: RoomState): void {
  const size = state.settings ? seatsPerSide(state.settings.format) : 0;
  expect(state.seats.PRO.length).toBeLessThanOrEqual(size);
  expect(state.seats.CON.length).toBeLessThanOrEqual(size);
  const pro = new Set(state.seats.PRO.map((s) => s.userId));
  const con = state.seats.CON.map((s) => s.userId);
  expect(con.filter((id) => pro.has(id))).toEqual([]);
  expect(state.observers.filter((o) => pro.has(o.userId) || con.includes(o.userId))).toEqual([]);
}

function checkTurns(log: readonly RoomEvent[], turnsPerSide: number): boolean {
  const turns = log.filter((e) => e.type === 'TurnStarted');
  turns.forEach((t, i) => {
    expect(t.index).toBe(i);
    expect(t.side).toBe(i % 2 === 0 ? 'PRO' : 'CON');
  });
  const completed = log.some((e) => e.type === 'DebateEnded' || e.type === 'RoomClosed');
  if (completed) {
    expect(turns).toHaveLength(2 * turnsPerSide);
    const turnMessages = legacyMessages(ROOM_ID, log).filter((m) => m.body.event === 'TURN');
    expect(turnMessages).toHaveLength(2 * turnsPerSide - 1);
  }
  return completed;
}

let completedDebates = 0;
let walkovers = 0;

describe('random rooms (fast-check)', () => {
  it('keep every invariant under random interleavings and clocks', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(room, (r) => {
        const open = cmd.open(
          {
            format: r.format,
            resultEnabled: r.resultEnabled,
            turnsPerSide: r.turnsPerSide,
            secondsPerTurn: r.secondsPerTurn,
          },
          T0,
          {
            timeScale: r.timeScale,
            graceSeconds: r.graceSeconds,
          },
        );
        const log: RoomEvent[] = [];
        let live: RoomState = INITIAL_ROOM_STATE;
        let now = T0;
        for (const s of [null, ...r.steps, null]) {
          const command =
            s === null ? (log.length === 0 ? open : cmd.tick(now + 10_000_000)) : commandOf(s, (now += s.gap), r.calm);
          const wasTerminal = isTerminal(live);
          const { events, state, rejection } = execute(live, command);
          if (wasTerminal) {
            expect(events).toEqual([]);
            expect(rejection?.code).toBe('ROOM_CLOSED');
          }
          for (const event of events) {
            expect(event.seq).toBe(live.lastSeq + 1);
            expect(event.at).toBeGreaterThanOrEqual(live.lastAt);
            expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
            live = evolve(live, event);
            log.push(event);
          }
          // The state execute returns is the machine's fold of its events.
          expect(state).toEqual(live);
          checkSeats(live);
        }
        expect(replay(log)).toEqual(live);
        expect(JSON.parse(JSON.stringify(live))).toEqual(live);
        const voters = log.filter((e) => e.type === 'Voted').map((e) => e.userId);
        expect(new Set(voters).size).toBe(voters.length);
        if (checkTurns(log, r.turnsPerSide)) completedDebates++;
        if (live.phase === 'wonByDefault' || live.phase === 'exitOverflow') walkovers++;
        const roster = new Set([...(live.roster?.PRO ?? []), ...(live.roster?.CON ?? [])].map((m) => m.userId));
        for (const update of records(live)) expect(roster.has(update.userId)).toBe(true);
      }),
      { numRuns: 300 },
    );
    // The generator must reach the interesting endings, or the properties above say little.
    expect(completedDebates).toBeGreaterThan(10);
    expect(walkovers).toBeGreaterThan(5);
  });
});
