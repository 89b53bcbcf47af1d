import type { StancePoint } from '@toron/engine';
import { percentOf, type Timeline } from '../replay-timeline';
import { bands, chartSegments, sharesAt } from './stance-chart';
import { sharesText } from './StanceShareBar';

const H = 40;

/**
 * The viewers' stance shares over the replayed debate, under the transcript: stacked bands (찬성
 * below, 미정, 반대 above), a tick per speech, and the playhead, which moves with the player.
 * Clicking the chart seeks there; the figures at the playhead are written out beside it.
 */
export function StanceTimeline({
  points,
  timeline,
  t,
  onSeek,
}: {
  points: readonly StancePoint[];
  timeline: Timeline;
  t: number;
  onSeek: (t: number) => void;
}) {
  const lockedAt = timeline.markers.find((m) => m.kind === 'vote')?.at ?? timeline.end;
  const segments = chartSegments(points, timeline.start, lockedAt);
  const now = sharesAt(points, t);
  const x = (at: number) => percentOf(at, timeline);
  return (
    <figure className="flex flex-col gap-1" aria-label="참관자 입장 변화">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
        <span className="font-bold">참관자 입장 변화</span>
        <span className="tabular text-ink-muted" data-testid="stance-at-playhead">
          {now ? `이 시점 ${sharesText(now)} (${now.declared}명)` : '이 시점 입장 비율 없음 (3명 미만)'}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 100 ${H}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        className="h-16 w-full cursor-pointer rounded-md bg-surface-strong"
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const ratio = (e.clientX - box.left) / box.width;
          onSeek(timeline.start + ratio * (timeline.end - timeline.start));
        }}
      >
        {segments.map((s) => {
          if (!s.shares) return null;
          const b = bands(s.shares);
          const left = x(s.from);
          const width = x(s.to) - left;
          const pro = (b.PRO * H) / 100;
          const undecided = (b.UNDECIDED * H) / 100;
          return (
            <g key={s.from}>
              <rect x={left} width={width} y={H - pro} height={pro} className="fill-pro" />
              <rect x={left} width={width} y={H - pro - undecided} height={undecided} className="fill-neutral/60" />
              <rect x={left} width={width} y={0} height={H - pro - undecided} className="fill-con" />
            </g>
          );
        })}
        {timeline.markers.map((m) => (
          <line
            key={m.at}
            x1={x(m.at)}
            x2={x(m.at)}
            y1={0}
            y2={H}
            vectorEffect="non-scaling-stroke"
            className="stroke-paper"
            strokeWidth={1}
            strokeDasharray="2 2"
          />
        ))}
        <line
          x1={x(t)}
          x2={x(t)}
          y1={0}
          y2={H}
          vectorEffect="non-scaling-stroke"
          className="stroke-ink"
          strokeWidth={2}
        />
      </svg>
    </figure>
  );
}
