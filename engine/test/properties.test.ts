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
  type RoomEvent,
  type RoomState,
} from '../src/index.js';
import { cmd, ROOM_ID, T0 } from './support/dsl.js';
import { commandOf, openCommandOf, room } from './support/random-rooms.js';

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

type Room = typeof room extends fc.Arbitrary<infer R> ? R : never;

/** Plays a random room from its opening to a final tick, checking each step's invariants; the log and final state. */
function play(r: Room): { log: RoomEvent[]; live: RoomState } {
  const open = openCommandOf(r);
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
  return { log, live };
}

describe('random rooms (fast-check)', () => {
  it('keep every invariant under random interleavings and clocks', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(room, (r) => {
        const { log, live } = play(r);
        expect(replay(log)).toEqual(live);
        expect(JSON.parse(JSON.stringify(live))).toEqual(live);
        const voters = log.filter((e) => e.type === 'Voted').map((e) => e.userId);
        expect(new Set(voters).size).toBe(voters.length);
        checkTurns(log, r.turnsPerSide);
        const roster = new Set([...(live.roster?.PRO ?? []), ...(live.roster?.CON ?? [])].map((m) => m.userId));
        for (const update of records(live)) expect(roster.has(update.userId)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  // The generator must reach the interesting endings, or the properties above say little. Judged on a fixed
  // sample, so the check says something about the generator rather than about one random draw.
  it('reach completed debates and walkovers', { timeout: 120_000 }, () => {
    let completedDebates = 0;
    let walkovers = 0;
    for (const r of fc.sample(room, { seed: 20261124, numRuns: 300 })) {
      const { log, live } = play(r);
      if (checkTurns(log, r.turnsPerSide)) completedDebates++;
      if (live.phase === 'wonByDefault' || live.phase === 'exitOverflow') walkovers++;
    }
    expect(completedDebates).toBeGreaterThan(10);
    expect(walkovers).toBeGreaterThan(5);
  });
});
