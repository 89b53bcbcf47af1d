import type { RatingPoint } from '@toron/engine';
import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CHART, layoutRatingChart } from '../../src/features/user-page/rating-chart';
import { RatingChange, RatingValue, signedChange } from '../../src/ui/Rating';

afterEach(cleanup);

const point = (rating: number, change: number, i = 0): RatingPoint => ({
  roomId: `room-${i}`,
  title: `토론 ${i}`,
  ratedAt: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
  outcome: change > 0 ? 'WIN' : change < 0 ? 'LOSS' : 'DRAW',
  rating,
  change,
});

describe('rating display', () => {
  it('writes a provisional rating with a "?" and says 잠정 to screen readers', () => {
    const { container, rerender } = render(<RatingValue rating={1532} provisional />);
    expect(container.textContent).toBe('1532? (잠정)');
    expect(screen.getByText('?').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTitle('잠정 레이팅')).toBeTruthy();
    rerender(<RatingValue rating={1623} provisional={false} />);
    expect(container.textContent).toBe('1623');
    expect(screen.queryByTitle('잠정 레이팅')).toBeNull();
  });

  it('writes changes with their sign (a real minus) and says them in words', () => {
    expect([signedChange(12), signedChange(-8), signedChange(0)]).toEqual(['+12', '−8', '±0']);
    const { container } = render(<RatingChange change={-8} />);
    expect(container.textContent).toBe('−8레이팅 8점 내렸어요');
    expect(container.firstElementChild!.className).toContain('text-danger');
  });
});

describe('rating history chart layout', () => {
  it('starts from the rating before the first debate and keeps every dot inside the drawing', () => {
    const chart = layoutRatingChart([point(1662, 162, 1), point(1600, -62, 2)]);
    expect(chart.dots.map((d) => d.rating)).toEqual([1500, 1662, 1600]);
    expect(chart.dots[0]!.point).toBeNull();
    expect(chart.line.startsWith('M')).toBe(true);
    expect(chart.ticks.map((t) => t.rating)).toEqual([1700, 1500]);
  });

  it('draws higher ratings higher, spans at least 100 points, and puts 1500 on a guide when inside', () => {
    const history = fc.array(fc.tuple(fc.integer({ min: 800, max: 2600 }), fc.integer({ min: -300, max: 300 })), {
      minLength: 1,
      maxLength: 100,
    });
    fc.assert(
      fc.property(history, (pairs) => {
        const chart = layoutRatingChart(pairs.map(([r, c], i) => point(r, c, i)));
        for (const dot of chart.dots) {
          expect(dot.x).toBeGreaterThanOrEqual(CHART.left);
          expect(dot.x).toBeLessThanOrEqual(CHART.width - CHART.right);
          expect(dot.y).toBeGreaterThanOrEqual(CHART.top - 1e-9);
          expect(dot.y).toBeLessThanOrEqual(CHART.height - CHART.bottom + 1e-9);
        }
        for (const a of chart.dots) for (const b of chart.dots) if (a.rating > b.rating) expect(a.y).toBeLessThan(b.y);
        const [top, , bottom] = [chart.ticks[0]!, null, chart.ticks.at(-1)!];
        expect(top.rating - bottom.rating).toBeGreaterThanOrEqual(100);
        if (top.rating > 1500 && bottom.rating < 1500) expect(chart.ticks.map((t) => t.rating)).toContain(1500);
      }),
    );
  });
});
