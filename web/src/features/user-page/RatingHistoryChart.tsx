import type { RatingOutcome, RatingPoint } from '@toron/engine';
import { formatDate } from '../../lib/dates';
import { RatingChange, signedChange } from '../../ui/Rating';
import { CHART, layoutRatingChart } from './rating-chart';
import { DISCLOSURE_SUMMARY } from '../../ui/disclosure';

const OUTCOME_LABEL: Record<RatingOutcome, string> = { WIN: '승', DRAW: '무', LOSS: '패' };

/**
 * The rating history as a small line chart (oldest on the left), described for screen readers, with
 * every debate also listed as text under 기록 보기.
 */
export function RatingHistoryChart({ history }: { history: readonly RatingPoint[] }) {
  const chart = layoutRatingChart(history);
  const first = chart.dots[0];
  const last = chart.dots[chart.dots.length - 1];
  if (!first || !last) return null;
  // 에서 … 까지 reads the same after any number, where 로/으로 would depend on how the number ends when read.
  const summary = `레이팅 기록: 최근 토론 ${history.length}번 동안 ${first.rating}에서 ${last.rating}까지`;
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
        data-testid="rating-chart"
      >
        {chart.ticks.map((tick) => (
          <g key={tick.rating}>
            <line
              x1={CHART.left - 4}
              x2={chart.width}
              y1={tick.y}
              y2={tick.y}
              className="stroke-line"
              strokeWidth={1}
            />
            <text
              x={CHART.left - 8}
              y={tick.y}
              dy="0.35em"
              textAnchor="end"
              className="tabular fill-ink-subtle text-[10px]"
            >
              {tick.rating}
            </text>
          </g>
        ))}
        <path d={chart.line} fill="none" className="stroke-brand" strokeWidth={2} strokeLinejoin="round" />
        {chart.dots.map((dot) => (
          <circle
            key={dot.point?.roomId ?? 'start'}
            cx={dot.x}
            cy={dot.y}
            r={dot === last ? 4 : 2.5}
            className={dot === last ? 'fill-brand' : 'fill-paper stroke-brand'}
            strokeWidth={1.5}
          >
            <title>
              {dot.point
                ? [
                    formatDate(dot.point.ratedAt),
                    dot.point.title,
                    OUTCOME_LABEL[dot.point.outcome],
                    `${dot.rating} (${signedChange(dot.point.change)})`,
                  ].join(' · ')
                : `시작 ${dot.rating}`}
            </title>
          </circle>
        ))}
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
      <details className="text-sm">
        <summary className={DISCLOSURE_SUMMARY}>기록 보기</summary>
        <ol className="flex max-h-64 flex-col divide-y divide-line overflow-y-auto">
          {[...history].reverse().map((p) => (
            <li key={p.roomId} className="flex items-baseline gap-2 py-2">
              <span className="tabular w-6 shrink-0 font-semibold">{OUTCOME_LABEL[p.outcome]}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate">{p.title}</span>
                <time dateTime={p.ratedAt} className="text-xs text-ink-subtle">
                  {formatDate(p.ratedAt)}
                </time>
              </span>
              <span className="tabular shrink-0">{p.rating}</span>
              <RatingChange change={p.change} className="w-10 shrink-0 text-right" />
            </li>
          ))}
        </ol>
      </details>
    </figure>
  );
}
