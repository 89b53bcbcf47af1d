import { describe, expect, it } from 'vitest';
import { ELO, expectedScore, rateDebate, type RatedDebater } from '../../src/ranking/rating.js';

const initial = () => ELO.initial;

describe('Elo rating of debates', () => {
  it('expected scores are symmetric and 0.5 between equals', () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(expectedScore(1700, 1500) + expectedScore(1500, 1700)).toBeCloseTo(1, 12);
    expect(expectedScore(1900, 1500)).toBeCloseTo(10 / 11, 12); // 400 points = 10:1
  });

  it('a 1:1 win between newcomers moves both by K/2, zero-sum', () => {
    const after = rateDebate(
      [
        { userId: 1, side: 'PRO', outcome: 'win' },
        { userId: 2, side: 'CON', outcome: 'loss' },
      ],
      initial,
    );
    expect(after.get(1)).toBe(1516);
    expect(after.get(2)).toBe(1484);
  });

  it('a draw between equals changes nothing; an upset draw lifts the underdog', () => {
    const equal = rateDebate(
      [
        { userId: 1, side: 'PRO', outcome: 'draw' },
        { userId: 2, side: 'CON', outcome: 'draw' },
      ],
      initial,
    );
    expect([equal.get(1), equal.get(2)]).toEqual([1500, 1500]);
    const ratings = new Map([
      [1, 1800],
      [2, 1400],
    ]);
    const upset = rateDebate(
      [
        { userId: 1, side: 'PRO', outcome: 'draw' },
        { userId: 2, side: 'CON', outcome: 'draw' },
      ],
      (id) => ratings.get(id)!,
    );
    expect(upset.get(1)!).toBeLessThan(1800);
    expect(upset.get(2)!).toBeGreaterThan(1400);
    expect(upset.get(1)! - 1800 + (upset.get(2)! - 1400)).toBeCloseTo(0, 9);
  });

  it('3:3: each debater plays the mean of the other side, using ratings from before the debate', () => {
    const ratings = new Map([
      [1, 1600],
      [2, 1500],
      [3, 1400],
      [4, 1500],
      [5, 1500],
      [6, 1500],
    ]);
    const debaters: RatedDebater[] = [
      ...[1, 2, 3].map((userId): RatedDebater => ({ userId, side: 'PRO', outcome: 'loss' })),
      ...[4, 5, 6].map((userId): RatedDebater => ({ userId, side: 'CON', outcome: 'win' })),
    ];
    const after = rateDebate(debaters, (id) => ratings.get(id)!);
    expect(after.get(4)).toBe(1516); // CON vs a PRO mean of 1500
    expect(after.get(1)).toBeCloseTo(1600 - ELO.k * expectedScore(1600, 1500), 9);
    expect(after.get(3)!).toBeGreaterThan(1400 - 16); // the weakest loses least
    expect(after.get(1)! - 1600).toBeLessThan(after.get(3)! - 1400);
  });
});
