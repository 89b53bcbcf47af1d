import type { RatingPoint } from '@toron/engine';

/** One dot of the chart: a rating after a debate (or the rating the first shown debate started from). */
interface ChartDot {
  readonly x: number;
  readonly y: number;
  readonly rating: number;
  /** The debate that led here; null for the starting dot. */
  readonly point: RatingPoint | null;
}

/** A horizontal guide line with its rating label. */
interface ChartTick {
  readonly y: number;
  readonly rating: number;
}

export interface RatingChart {
  readonly width: number;
  readonly height: number;
  readonly dots: readonly ChartDot[];
  /** The line through the dots (an SVG path). */
  readonly line: string;
  readonly ticks: readonly ChartTick[];
}

/** The drawing area: a label column on the left, room for the dots' radius around it. */
export const CHART = { width: 300, height: 132, left: 40, right: 8, top: 10, bottom: 10 } as const;
/** The vertical scale spans at least this many rating points, so a few small changes do not look dramatic. */
const MIN_SPAN = 100;
const STEP = 50;

/**
 * Lays out a member's rating history (oldest first): a starting dot at the rating before the first
 * debate shown, then one dot per debate, evenly spaced; the scale runs between multiples of 50 around
 * the ratings, with a guide line at its top, its bottom and 1500 when that lies inside. Pure.
 */
export function layoutRatingChart(history: readonly RatingPoint[]): RatingChart {
  const first = history[0];
  const ratings = first ? [first.rating - first.change, ...history.map((p) => p.rating)] : [];
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const pad = Math.max(0, MIN_SPAN - (high - low)) / 2;
  const bottom = Math.floor((low - pad) / STEP) * STEP;
  const top = Math.ceil((high + pad) / STEP) * STEP;
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const yOf = (rating: number) => CHART.top + ((top - rating) / (top - bottom)) * plotHeight;
  const xOf = (i: number) => CHART.left + (ratings.length > 1 ? (i / (ratings.length - 1)) * plotWidth : plotWidth / 2);
  const dots = ratings.map((rating, i) => ({
    x: xOf(i),
    y: yOf(rating),
    rating,
    point: i === 0 ? null : history[i - 1]!,
  }));
  const line = dots.map((d, i) => `${i === 0 ? 'M' : 'L'}${d.x.toFixed(1)} ${d.y.toFixed(1)}`).join(' ');
  const guides = [top, ...(1500 > bottom && 1500 < top ? [1500] : []), bottom];
  return {
    width: CHART.width,
    height: CHART.height,
    dots,
    line,
    ticks: ratings.length === 0 ? [] : guides.map((rating) => ({ y: yOf(rating), rating })),
  };
}
