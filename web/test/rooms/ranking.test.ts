import { describe, expect, it } from 'vitest';
import { canEnter } from '../../src/features/debate-gate/gate';
import { noUserText, splitRanking } from '../../src/features/debaters/ranking';
import type { Debater } from '../../src/features/debaters/ranking-api';

const debater = (userId: number): Debater => ({
  userId,
  nickname: `토론자${userId}`,
  profileUrl: null,
  introduction: '',
  followers: 0,
  followees: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  averageSwing: null,
  rating: 1700 - userId * 10,
});
const five = [1, 2, 3, 4, 5].map(debater);

describe('debater ranking', () => {
  it('without a term: the top three as gold, silver and bronze cards, the rest ranked from 4', () => {
    const view = splitRanking(five, '');
    expect(view.medalists.map((m) => [m.debater.userId, m.medal])).toEqual([
      [1, 'gold'],
      [2, 'silver'],
      [3, 'bronze'],
    ]);
    expect(view.rows.map((r) => [r.debater.userId, r.rank])).toEqual([
      [4, 4],
      [5, 5],
    ]);
    expect(splitRanking(five.slice(0, 2), '').medalists).toHaveLength(2);
  });

  it('with a term: no medal cards and no ranks', () => {
    const view = splitRanking(five, '토론');
    expect(view.medalists).toEqual([]);
    expect(view.rows.map((r) => r.rank)).toEqual([null, null, null, null, null]);
    expect(splitRanking(five, '   ').medalists).toHaveLength(3);
  });

  it('says who was not found', () => {
    expect(noUserText('홍길동')).toBe('홍길동에 해당하는 사용자 정보가 없습니다');
  });
});

describe('debate gate', () => {
  it('lets in only with a room id and a stance', () => {
    expect(canEnter('', '')).toBe(false);
    expect(canEnter('abc', '')).toBe(false);
    expect(canEnter('  ', 'PRO')).toBe(false);
    expect(canEnter('abc', 'CON')).toBe(true);
  });
});
