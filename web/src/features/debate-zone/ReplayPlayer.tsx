import {
  POSITION_LABELS,
  roomOutcome,
  shownDebaters,
  turnsLeft,
  type RoomEvent,
  type StancePoint,
} from '@toron/engine';
import { useMemo } from 'react';
import { countdownSeconds } from '../../lib/live/server-clock';
import { cx } from '../../ui/cx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import { SideTag } from '../../ui/SideTag';
import { StanceTimeline } from './stances/StanceTimeline';
import { debateChat } from './chat-items';
import { ChatLog } from './ChatLog';
import { clockText } from './countdown';
import { EndedStatus } from './EndedStatus';
import {
  nextMarker,
  percentOf,
  previousMarker,
  REPLAY_SPEEDS,
  scrubSteps,
  stateAt,
  stepAt,
  timeAtStep,
  timelineOf,
  type Marker,
} from './replay-timeline';
import { TurnStatus } from './TurnStatus';
import { usePlayback } from './use-playback';
import type { OnReport } from './report-request';

interface ReplayPlayerProps {
  events: readonly RoomEvent[];
  roomId: string;
  me: number | null;
  onReport?: OnReport;
  className?: string;
  /** The viewers' stance shares over time (a finished room's persuasion), charted under the transcript. */
  stances?: readonly StancePoint[];
}

const markerLabel = (m: Marker) =>
  m.kind === 'vote' ? '투표' : `${m.turnIndex + 1}턴 ${m.side ? POSITION_LABELS[m.side] : ''}`;

/**
 * The replay of a room log: play, pause, speed, and a timeline scrubbed turn by turn; the engine replays the log up to
 * the playhead.
 */
export function ReplayPlayer({ events, roomId, me, onReport, className, stances }: ReplayPlayerProps) {
  const timeline = useMemo(() => timelineOf(events), [events]);
  const playback = usePlayback(timeline);
  const { state, log } = useMemo(() => stateAt(events, playback.t), [events, playback.t]);
  const chat = useMemo(() => debateChat(log), [log]);
  const turn = state.phase === 'debating' ? state.turn : null;
  const current = previousMarker(timeline.markers, playback.t + 1);
  const prev = previousMarker(timeline.markers, playback.t);
  const next = nextMarker(timeline.markers, playback.t);
  const elapsed = Math.max(0, Math.round((playback.t - timeline.start) / 1000));
  const total = Math.round((timeline.end - timeline.start) / 1000);
  const shown = shownDebaters(state);
  // An ended room shows how it ended: after a walkover the turns left are not what it came to.
  const outcome = roomOutcome(state);
  return (
    <section
      aria-label="토론 다시보기"
      className={cx(
        'flex min-h-0 flex-col overflow-hidden rounded-xl border-x-4 border-l-pro border-r-con',
        'bg-paper ring-1 ring-line',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-3 py-2">
        <p className="flex flex-wrap items-center gap-1.5 text-xs">
          {shown.PRO.map((m) => (
            <span key={m.userId} className="inline-flex items-center gap-1">
              <SideTag side="PRO" />
              {m.nickname}
            </span>
          ))}
          <span aria-hidden="true" className="px-1 font-bold text-ink-muted">
            vs
          </span>
          {shown.CON.map((m) => (
            <span key={m.userId} className="inline-flex items-center gap-1">
              <SideTag side="CON" />
              {m.nickname}
            </span>
          ))}
        </p>
        {outcome ? (
          <EndedStatus outcome={outcome} />
        ) : (
          <TurnStatus
            turnsLeft={turnsLeft(state)}
            seconds={turn ? countdownSeconds(turn.endsAt, playback.t, 0) : 0}
            side={turn?.side ?? null}
          />
        )}
      </div>
      <ChatLog
        items={chat}
        me={me}
        facing
        replayed
        roomId={roomId}
        label="다시보기 채팅"
        onReport={onReport}
        className="min-h-48 flex-1"
        empty="이 시점까지의 발언이 없어요"
      />
      <div className="flex flex-col gap-3 border-t border-line bg-surface px-3 py-3">
        {stances?.some((p) => p.shares) && (
          <StanceTimeline points={stances} timeline={timeline} t={playback.t} onSeek={playback.seek} />
        )}
        <div className="relative">
          <input
            type="range"
            min={0}
            max={scrubSteps(timeline)}
            step={1}
            value={stepAt(playback.t, timeline)}
            onChange={(e) => playback.seek(timeAtStep(Number(e.target.value), timeline))}
            aria-label="재생 위치"
            aria-valuetext={`${current ? markerLabel(current) : '시작'} · ${clockText(elapsed)}`}
            className="h-11 w-full cursor-pointer accent-brand"
          />
          <div aria-hidden="true" className="pointer-events-none absolute inset-x-2 top-1/2 h-0">
            {timeline.markers.map((m) => (
              <span
                key={m.at}
                className={cx(
                  'absolute -top-3 h-2 w-0.5 rounded',
                  m.side === 'PRO' ? 'bg-pro' : m.side === 'CON' ? 'bg-con' : 'bg-neutral',
                )}
                style={{ left: `${percentOf(m.at, timeline)}%` }}
              />
            ))}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={() => prev && playback.seek(prev.at)}
            disabled={!prev}
            aria-label="이전 턴"
            className={cx(
              'inline-flex size-11 items-center justify-center rounded-lg bg-paper ring-1 ring-line',
              'disabled:opacity-50',
            )}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={playback.playing ? playback.pause : playback.play}
            className={cx(
              'inline-flex min-h-11 min-w-24 items-center justify-center rounded-lg bg-brand px-4',
              'font-semibold text-white',
              'hover:bg-brand-hover',
            )}
          >
            {playback.playing ? '일시정지' : '재생'}
          </button>
          <button
            type="button"
            onClick={() => next && playback.seek(next.at)}
            disabled={!next}
            aria-label="다음 턴"
            className={cx(
              'inline-flex size-11 items-center justify-center rounded-lg bg-paper ring-1 ring-line',
              'disabled:opacity-50',
            )}
          >
            <ChevronRightIcon aria-hidden="true" />
          </button>
          <p className="tabular text-sm text-ink-muted" aria-hidden="true">
            {clockText(elapsed)} / {clockText(total)}
          </p>
          <div role="group" aria-label="재생 속도" className="ml-auto flex gap-1">
            {REPLAY_SPEEDS.map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={playback.speed === s}
                onClick={() => playback.setSpeed(s)}
                className={cx(
                  'tabular min-h-11 min-w-11 rounded-lg px-2 text-sm font-semibold ring-1',
                  playback.speed === s ? 'bg-ink text-white ring-ink' : 'bg-paper text-ink ring-line',
                )}
              >
                {s}×
              </button>
            ))}
          </div>
        </div>
        <ol aria-label="턴 이동" className="flex gap-1 overflow-x-auto pb-1">
          {timeline.markers.map((m) => (
            <li key={m.at}>
              <button
                type="button"
                onClick={() => playback.seek(m.at)}
                aria-current={current?.at === m.at ? 'step' : undefined}
                className={cx(
                  'min-h-11 whitespace-nowrap rounded-lg px-3 text-sm font-semibold ring-1',
                  current?.at === m.at
                    ? 'bg-ink text-white ring-ink'
                    : m.side === 'PRO'
                      ? 'bg-pro-soft text-pro ring-pro/30'
                      : m.side === 'CON'
                        ? 'bg-con-soft text-con ring-con/30'
                        : 'bg-neutral-soft text-neutral ring-line',
                )}
              >
                {markerLabel(m)}
              </button>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
