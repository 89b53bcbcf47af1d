import { describe, expect, it } from 'vitest';
import { chartSegments, sharesAt } from '../../src/features/debate-zone/stances/stance-chart';
import { pointsText, swingHeadline, swingPoints, turnText } from '../../src/lib/persuasion-words';

const three = { declared: 3, PRO: 1, CON: 1, UNDECIDED: 1 };
const moved = { declared: 3, PRO: 2, CON: 1, UNDECIDED: 0 };
const points = [
  { at: 5, shares: null },
  { at: 20, shares: three },
  { at: 60, shares: moved },
];

describe('the stance chart', () => {
  it('holds each point until the next, cut to the replay and to when stances locked', () => {
    expect(chartSegments(points, 10, 100)).toEqual([
      { from: 10, to: 20, shares: null },
      { from: 20, to: 60, shares: three },
      { from: 60, to: 100, shares: moved },
    ]);
    expect(chartSegments(points, 10, 50)).toEqual([
      { from: 10, to: 20, shares: null },
      { from: 20, to: 50, shares: three },
    ]);
  });

  it('reads the shares at the playhead', () => {
    expect(sharesAt(points, 0)).toBeNull();
    expect(sharesAt(points, 19)).toBeNull();
    expect(sharesAt(points, 20)).toEqual(three);
    expect(sharesAt(points, 1_000)).toEqual(moved);
  });
});

describe('persuasion in words', () => {
  it('says who moved the room, by how many points, with a true minus sign', () => {
    expect(swingHeadline({ PRO: 40, CON: -20, mover: 'PRO' })).toBe('찬성 측이 +40%p를 얻어 방을 움직였어요');
    expect(swingHeadline({ PRO: 0, CON: 0, mover: null })).toBe('어느 쪽도 참관자의 마음을 움직이지 못했어요');
    expect(pointsText(-20)).toBe('−20%p');
    expect(pointsText(0)).toBe('0%p');
    expect(swingPoints(17.5)).toBe('+17.5%p');
    expect(
      turnText({
        turnIndex: 2,
        side: 'PRO',
        speakers: [{ userId: 4, nickname: '정하은' }],
        moved: 3,
        toward: { PRO: 2, CON: 0, UNDECIDED: 1 },
      }),
    ).toBe('3턴 · 찬성 정하은');
  });
});
