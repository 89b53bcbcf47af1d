import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  rateDebate,
  rateInOrder,
  INITIAL_STANDING,
  standingAt,
  type RatedDebate,
} from '../../src/ranking/debate-rating.js';
import {
  composite,
  glickoStep,
  idleDeviation,
  IDLE_PERIOD_MS,
  INITIAL_GLICKO,
  shownChange,
  type Glicko,
  type RatedOutcome,
} from '../../src/ranking/glicko.js';

const glicko = fc.record({
  rating: fc.double({ min: 800, max: 2400, noNaN: true }),
  deviation: fc.double({ min: 30, max: 350, noNaN: true }),
  volatility: fc.double({ min: 0.04, max: 0.09, noNaN: true }),
});
const outcome = fc.constantFrom<RatedOutcome>('win', 'draw', 'loss');
const opposite: Record<RatedOutcome, RatedOutcome> = { win: 'loss', draw: 'draw', loss: 'win' };

describe('the Glicko-2 step', () => {
  it("reproduces Glickman's worked example (1500/200/0.06 against 1400/30 won, 1550/100 and 1700/300 lost)", () => {
    const after = glickoStep({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30 }, outcome: 'win' },
      { opponent: { rating: 1550, deviation: 100 }, outcome: 'loss' },
      { opponent: { rating: 1700, deviation: 300 }, outcome: 'loss' },
    ]);
    // Glickman, "Example of the Glicko-2 system": μ' = −0.2069, φ' = 0.8722, σ' = 0.05999, that is
    // r' = 1464.06 and RD' = 151.52 (the paper rounds its intermediate values; exact: 1464.05).
    expect((after.rating - 1500) / 173.7178).toBeCloseTo(-0.2069, 4);
    expect(after.deviation / 173.7178).toBeCloseTo(0.8722, 4);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 2);
    expect(after.volatility).toBeCloseTo(0.059996, 6); // the paper truncates it to 0.05999
  });

  it('is monotone in the result: a win rates higher than a draw, a draw higher than a loss', () => {
    fc.assert(
      fc.property(glicko, glicko, (player, opponent) => {
        const [win, draw, loss] = (['win', 'draw', 'loss'] as const).map(
          (o) => glickoStep(player, [{ opponent, outcome: o }]).rating,
        );
        expect(win!).toBeGreaterThan(draw!);
        expect(draw!).toBeGreaterThan(loss!);
        expect(win!).toBeGreaterThan(player.rating);
        expect(loss!).toBeLessThan(player.rating);
      }),
    );
  });

  it('is zero-sum between two players of equal deviation and volatility, and opposite in sign otherwise', () => {
    fc.assert(
      fc.property(glicko, glicko, outcome, (a, b0, result) => {
        const b = { ...b0, deviation: a.deviation, volatility: a.volatility };
        const gainA = glickoStep(a, [{ opponent: b, outcome: result }]).rating - a.rating;
        const gainB = glickoStep(b, [{ opponent: a, outcome: opposite[result] }]).rating - b.rating;
        expect(Math.abs(gainA + gainB)).toBeLessThan(1e-6);
        if (result === 'draw') return;
        const gainB0 = glickoStep(b0, [{ opponent: a, outcome: opposite[result] }]).rating - b0.rating;
        expect(Math.sign(gainB0)).toBe(-Math.sign(gainA));
      }),
    );
  });

  // A game against someone far out of reach tells nothing, and only volatility moves then.
  it('shrinks a newcomer’s deviation with every debate against someone within 400 points, whatever the results', () => {
    const game = fc.tuple(fc.double({ min: -400, max: 400, noNaN: true }), glicko, outcome);
    fc.assert(
      fc.property(fc.array(game, { minLength: 1, maxLength: 30 }), (games) => {
        let player: Glicko = INITIAL_GLICKO;
        for (const [offset, other, result] of games) {
          const opponent = { ...other, rating: player.rating + offset };
          const next = glickoStep(player, [{ opponent, outcome: result }]);
          expect(next.deviation).toBeLessThan(player.deviation);
          player = next;
        }
      }),
    );
  });
});

describe('rating a debate', () => {
  it('rates a 3:3 debater against the other side’s composite: mean rating, root mean square deviation', () => {
    const side: Glicko[] = [
      { rating: 1600, deviation: 50, volatility: 0.06 },
      { rating: 1500, deviation: 100, volatility: 0.06 },
      { rating: 1400, deviation: 350, volatility: 0.06 },
    ];
    const c = composite(side);
    expect(c.rating).toBeCloseTo(1500, 9);
    expect(c.deviation).toBeCloseTo(Math.sqrt((50 ** 2 + 100 ** 2 + 350 ** 2) / 3), 9);
    expect(composite([side[0]!])).toEqual({ rating: 1600, deviation: 50 });
  });

  it('moves every winner up and every loser down; a draw between newcomers changes no rating', () => {
    fc.assert(
      fc.property(
        fc.array(glicko, { minLength: 6, maxLength: 6 }),
        fc.constantFrom<'PRO' | 'CON' | 'DRAW'>('PRO', 'CON', 'DRAW'),
        fc.boolean(),
        (ratings, winner, team) => {
          const size = team ? 3 : 1;
          const debate: RatedDebate = {
            roomId: 'r',
            at: 1,
            debaters: ratings.slice(0, size * 2).map((_, i) => {
              const side = i < size ? ('PRO' as const) : ('CON' as const);
              return { userId: i + 1, side, outcome: winner === 'DRAW' ? 'draw' : winner === side ? 'win' : 'loss' };
            }),
          };
          for (const change of rateDebate(debate, (id) => ({ ...ratings[id - 1]!, games: 3, ratedAt: 0 }))) {
            const delta = change.after.rating - change.ratingBefore;
            if (change.outcome === 'win') expect(delta).toBeGreaterThan(0);
            if (change.outcome === 'loss') expect(delta).toBeLessThan(0);
            expect(change.after.games).toBe(4);
          }
        },
      ),
    );
    const draw = rateDebate(
      {
        roomId: 'r',
        at: 1,
        debaters: [
          { userId: 1, side: 'PRO', outcome: 'draw' },
          { userId: 2, side: 'CON', outcome: 'draw' },
        ],
      },
      () => INITIAL_STANDING,
    );
    for (const c of draw) expect(c.after.rating).toBeCloseTo(1500, 9);
  });

  it('rates in the order of the result events, whatever order the debates come in', () => {
    const debate = (roomId: string, at: number, pro: number, con: number): RatedDebate => ({
      roomId,
      at,
      debaters: [
        { userId: pro, side: 'PRO', outcome: 'win' },
        { userId: con, side: 'CON', outcome: 'loss' },
      ],
    });
    const debates = [debate('a', 1, 1, 2), debate('b', 2, 2, 3), debate('c', 2, 3, 1), debate('d', 3, 1, 3)];
    const once = rateInOrder(debates, () => INITIAL_STANDING).standings;
    fc.assert(
      fc.property(fc.shuffledSubarray(debates, { minLength: 4, maxLength: 4 }), (shuffled) => {
        expect(rateInOrder(shuffled, () => INITIAL_STANDING).standings).toEqual(once);
      }),
    );
  });

  it('shows a change as the difference of the shown (whole) ratings', () => {
    expect(shownChange(1500, 1662.3)).toBe(162);
    expect(shownChange(1500.6, 1492.4)).toBe(-9);
  });
});

describe('deviation while idle', () => {
  const PERIOD = IDLE_PERIOD_MS;

  it('grows by one Glicko-2 pre-period step per whole idle period, never past a newcomer', () => {
    const settled = { rating: 1700, deviation: 60, volatility: 0.06 };
    expect(idleDeviation(settled, PERIOD - 1)).toBe(60);
    expect(idleDeviation(settled, -5 * PERIOD)).toBe(60);
    // φ* = √(φ² + σ²) on Glicko-2's scale, that is RD* = √(RD² + (173.7178 σ)²) per period.
    expect(idleDeviation(settled, PERIOD)).toBeCloseTo(Math.sqrt(60 ** 2 + (173.7178 * 0.06) ** 2), 9);
    expect(idleDeviation(settled, 30 * PERIOD + 5)).toBeCloseTo(Math.sqrt(60 ** 2 + 30 * (173.7178 * 0.06) ** 2), 9);
    expect(idleDeviation(settled, 100_000 * PERIOD)).toBe(350);
    fc.assert(
      fc.property(glicko, fc.nat(5_000), fc.nat(5_000), (g, a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        expect(idleDeviation(g, long * PERIOD)).toBeGreaterThanOrEqual(idleDeviation(g, short * PERIOD));
        expect(idleDeviation(g, long * PERIOD)).toBeLessThanOrEqual(Math.max(350, g.deviation));
      }),
    );
  });

  it('makes an established rating provisional again after years away, and counts from the last result', () => {
    const standing = { rating: 1650, deviation: 150, volatility: 0.06, games: 20, ratedAt: 10 * PERIOD };
    expect(standingAt(standing, 10 * PERIOD + 20 * PERIOD).deviation).toBeLessThan(160);
    expect(standingAt(standing, 10 * PERIOD + 40 * PERIOD).deviation).toBeGreaterThanOrEqual(160);
    expect(standingAt(INITIAL_STANDING, 999 * PERIOD)).toEqual(INITIAL_STANDING);
  });

  it('moves a returning member further than one who kept debating, and records when they were rated', () => {
    const game = (at: number): RatedDebate => ({
      roomId: `r${at}`,
      at,
      debaters: [
        { userId: 1, side: 'PRO', outcome: 'win' },
        { userId: 2, side: 'CON', outcome: 'loss' },
      ],
    });
    const before = { rating: 1500, deviation: 80, volatility: 0.06, games: 30, ratedAt: 0 };
    const soon = rateDebate(game(PERIOD / 2), () => before);
    const late = rateDebate(game(60 * PERIOD), () => before);
    const gain = (changes: typeof soon) => changes[0]!.after.rating - changes[0]!.ratingBefore;
    expect(gain(late)).toBeGreaterThan(gain(soon));
    expect(late[0]!.after.ratedAt).toBe(60 * PERIOD);
  });
});
