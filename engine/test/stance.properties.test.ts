import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  execute,
  INITIAL_ROOM_STATE,
  persuasion,
  redactFor,
  replay,
  stanceShares,
  stancesOpen,
  STANCE_MIN_DECLARED,
  STANCES,
  type Command,
  type RoomEvent,
  type RoomState,
  type Stance,
  type StanceShares,
} from '../src/index.js';
import { cmd, T0 } from './support/dsl.js';

const DEBATERS = [1, 2, 3, 4, 5, 6];
const VIEWERS = [11, 12, 13, 14, 15, 16];

const step = fc.record({
  gap: fc.oneof(
    { weight: 2, arbitrary: fc.constant(0) },
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 3000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 3000, max: 40_000 }) },
  ),
  kind: fc.constantFrom(
    ...([
      'stance',
      'stance',
      'stance',
      'stance',
      'observe',
      'observe',
      'unobserve',
      'join',
      'join',
      'join',
      'speak',
      'tick',
      'stranger',
    ] as const),
  ),
  viewer: fc.constantFrom(...VIEWERS),
  debater: fc.constantFrom(...DEBATERS),
  stance: fc.constantFrom(...STANCES),
});
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const room = fc.record({
  format: fc.constantFrom('T1' as const, 'T1' as const, 'T1' as const, 'T2' as const),
  resultEnabled: fc.boolean(),
  steps: fc.array(step, { minLength: 10, maxLength: 120 }),
});

function commandOf(s: Step, now: number): Command {
  switch (s.kind) {
    case 'stance':
      return cmd.stance(s.viewer, s.stance, now);
    case 'observe':
      return cmd.observe(s.viewer, now);
    case 'unobserve':
      return cmd.unobserve(s.viewer, now);
    case 'join':
      return cmd.join(s.debater, s.debater % 2 === 1 ? 'PRO' : 'CON', now);
    case 'speak':
      return cmd.speak(s.debater, '발언', now);
    case 'tick':
      return cmd.tick(now);
    case 'stranger':
      // A debater trying to declare: always refused, never counted.
      return cmd.stance(s.debater, s.stance, now);
  }
}

/** The oracle: who observes and what each said, kept from the commands the room accepted. */
class Audience {
  readonly present = new Set<number>();
  readonly stances = new Map<number, Stance>();

  accepted(command: Command): void {
    if (command.type === 'joinAsObserver') this.present.add(command.actor.userId);
    if (command.type === 'leaveAsObserver') this.present.delete(command.actor.userId);
    if (command.type === 'declareStance') this.stances.set(command.actor.userId, command.stance);
  }

  shares(): StanceShares | null {
    const counts = { PRO: 0, CON: 0, UNDECIDED: 0 };
    for (const id of this.present) {
      const stance = this.stances.get(id);
      if (stance) counts[stance]++;
    }
    const declared = counts.PRO + counts.CON + counts.UNDECIDED;
    return declared < STANCE_MIN_DECLARED ? null : { declared, ...counts };
  }
}

/** Runs a random room (turns of 6 s, so debates end) and checks the live shares after every command. */
function run(r: typeof room extends fc.Arbitrary<infer R> ? R : never): RoomEvent[] {
  const open = cmd.open({ format: r.format, resultEnabled: r.resultEnabled }, T0, { timeScale: 0.2 });
  const audience = new Audience();
  const log: RoomEvent[] = [];
  let live: RoomState = INITIAL_ROOM_STATE;
  let now = T0;
  for (const command of [open, ...r.steps.map((s) => commandOf(s, (now += s.gap))), cmd.tick(now + 1_000_000)]) {
    const { events, state, rejection } = execute(live, command);
    if (!rejection) audience.accepted(command);
    log.push(...events);
    live = state;
    // The live aggregate is the projection of the replayed log, and what the oracle counted.
    expect(stanceShares(live)).toEqual(audience.shares());
    expect(stanceShares(replay(log))).toEqual(stanceShares(live));
    if (stancesOpen(live)) expect(persuasion(log).timeline.at(-1)?.shares ?? null).toEqual(audience.shares());
  }
  return log;
}

/** The log with the viewers' stance declarations handed to other viewers by a permutation. */
function permuted(log: readonly RoomEvent[], order: readonly number[]): RoomEvent[] {
  const to = new Map(VIEWERS.map((id, i) => [id, order[i] ?? id]));
  return log.map((e) =>
    e.type === 'StanceDeclared' && e.userId !== null ? { ...e, userId: to.get(e.userId) ?? e.userId } : e,
  );
}

let swings = 0;
let persuasiveTurns = 0;

describe('stances over random rooms (fast-check)', () => {
  it('the live shares always equal the projection of the replayed log', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(room, (r) => void run(r)),
      { numRuns: 150 },
    );
  });

  it(
    'no projection reveals a viewer: each reader sees only their own stance, and aggregates ignore who held which',
    { timeout: 120_000 },
    () => {
      // Every viewer watches from the start and never leaves, so handing their declarations around is still a
      // possible room.
      const steady = room.map((r) => ({
        ...r,
        steps: [
          ...VIEWERS.map((viewer) => ({
            gap: 0,
            kind: 'observe' as const,
            viewer,
            debater: 1,
            stance: 'PRO' as const,
          })),
          ...r.steps.filter((s) => s.kind !== 'unobserve' && s.kind !== 'observe'),
        ],
      }));
      const order = fc.shuffledSubarray(VIEWERS, { minLength: VIEWERS.length, maxLength: VIEWERS.length });
      fc.assert(
        fc.property(steady, order, (r, shuffled) => {
          const log = run(r);
          const measured = persuasion(log);
          if (measured.swing) swings++;
          if (measured.mostMoved) persuasiveTurns++;
          expect(persuasion(permuted(log, shuffled))).toEqual(measured);
          for (const reader of [...VIEWERS, ...DEBATERS]) {
            const seen = log.map((e) => redactFor(e, { userId: reader }));
            const others = seen.filter((e) => e.type === 'StanceDeclared' && e.userId !== reader);
            expect(others.every((e) => e.type === 'StanceDeclared' && e.userId === null && e.stance === null)).toBe(
              true,
            );
            expect(Object.keys(replay(seen).stances ?? {}).every((id) => id === String(reader))).toBe(true);
          }
          const speakers = new Set(measured.mostMoved?.speakers.map((s) => s.userId));
          expect([...speakers].every((id) => DEBATERS.includes(id))).toBe(true);
          for (const shares of [measured.atFirstSpeech, measured.atVote, ...measured.timeline.map((p) => p.shares)]) {
            if (shares) expect(shares.declared).toBeGreaterThanOrEqual(STANCE_MIN_DECLARED);
          }
        }),
        { numRuns: 120 },
      );
      // The generator must reach measured debates, or the properties above say little.
      expect(swings).toBeGreaterThan(10);
      expect(persuasiveTurns).toBeGreaterThan(10);
    },
  );
});
