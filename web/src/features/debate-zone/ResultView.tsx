import { POSITION_LABELS, screenBase, votePercents, voteTally, type VoteChoice } from '@toron/engine';
import { ButtonLink, Button } from '../../ui/Button';
import { ShareButton } from '../../ui/ShareButton';
import { nobodyVoted } from '../../lib/outcome';
import { paths } from '../../lib/routes';
import { cx } from '../../ui/cx';
import { CheckIcon } from '../../ui/icons';
import { clockSpeech, clockText, secondsLeft } from './countdown';
import { RatingChanges } from './RatingChanges';
import { PersuasionPanel } from './stances/PersuasionPanel';
import { useRoomPersuasion } from './stances/persuasion-api';
import { archiveShare, liveRoomShare } from './share-targets';
import type { RoomViewModel } from './view-model';

const BARS = [
  { key: 'pro', label: POSITION_LABELS.PRO, fill: 'bg-pro', text: 'text-pro' },
  { key: 'con', label: POSITION_LABELS.CON, fill: 'bg-con', text: 'text-con' },
  { key: 'abstain', label: POSITION_LABELS.NO_POSITION, fill: 'bg-neutral', text: 'text-neutral' },
] as const;

const OPTIONS: readonly VoteChoice[] = ['PRO', 'CON', 'NO_POSITION'];

/**
 * The result state (docs/product-rules.md#voting): entered as soon as the viewer has voted (or a debater chose to
 * wait),
 * it shows the vote still running until the window closes, then the final result: VOTE RESULT,
 * rounded percentage bars, replay and the way to other rooms.
 */
export function ResultView({ vm }: { vm: RoomViewModel }) {
  const persuasion = useRoomPersuasion(vm.roomId, vm.state.phase === 'closed');
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-10">
      <section
        className={cx(
          'flex w-full max-w-lg flex-col gap-6 rounded-2xl bg-paper p-6 shadow-sm ring-1 ring-line',
          'sm:p-8',
        )}
      >
        <h1 className="text-center text-xl font-bold leading-tight">{vm.info.title}</h1>
        <p lang="en" className="text-center text-sm font-black tracking-widest text-ink-muted">
          VOTE RESULT
        </p>
        {vm.state.phase === 'voting' ? <RunningVote vm={vm} /> : <FinalResult vm={vm} />}
        {persuasion.data && <PersuasionPanel persuasion={persuasion.data} />}
        <RatingChanges vm={vm} />
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="secondary" onClick={vm.actions.openReplay}>
            토론 다시보기
          </Button>
          <ButtonLink href={paths.debateRooms()}>다른 토론방 구경하기</ButtonLink>
        </div>
        <ShareButton
          target={vm.state.phase === 'voting' ? liveRoomShare(vm.info) : archiveShare(vm.info)}
          look="outline"
          labelFrom="always"
          className="self-center"
        />
      </section>
    </main>
  );
}

/**
 * While the window is open: the viewer's own ballot (the others disabled), the time left and how
 * many have voted. Ballots are secret until the window closes (the server sends only the count),
 * so the split appears with the final result.
 */
function RunningVote({ vm }: { vm: RoomViewModel }) {
  const base = screenBase(vm.state, vm.me ?? 0);
  const seconds =
    base.deadline && vm.state.durations
      ? secondsLeft(base.deadline.at, vm.serverNow, vm.state.durations.voteWindowMs)
      : 0;
  const ballots = Object.keys(vm.state.vote?.ballots ?? {}).length;
  const mine = base.myVote;
  return (
    <>
      <div className="flex flex-col items-center gap-1">
        <p className="tabular text-4xl font-black" aria-hidden="true">
          {clockText(seconds)}
        </p>
        <p className="text-sm text-ink-muted">투표 마감까지 {clockSpeech(seconds)}</p>
      </div>
      {mine && (
        <div className="grid grid-cols-3 gap-2" role="group" aria-label="내 투표">
          {OPTIONS.map((choice) => (
            <button
              key={choice}
              type="button"
              disabled
              aria-pressed={mine === choice}
              className={cx(
                'flex min-h-12 items-center justify-center gap-1.5 rounded-xl text-base font-bold',
                mine === choice ? 'bg-ink text-white' : 'bg-surface-strong text-ink-subtle line-through decoration-1',
              )}
            >
              {mine === choice && <CheckIcon size={16} />}
              {POSITION_LABELS[choice]}
            </button>
          ))}
        </div>
      )}
      <p className="rounded-lg bg-success-soft px-4 py-3 text-center text-sm font-semibold text-success" role="status">
        {mine ? `${POSITION_LABELS[mine]}에 투표했어요. ` : base.hasVoted ? '투표했어요. ' : ''}결과를 기다리는
        중입니다.
      </p>
      <p className="tabular text-center text-sm text-ink-muted" aria-live="polite">
        지금까지 <strong className="font-bold text-ink">{ballots}표</strong> · 득표는 투표가 끝나면 공개돼요
      </p>
    </>
  );
}

/** The closed vote: who won, the rounded percentage bars and the number of ballots. */
function FinalResult({ vm }: { vm: RoomViewModel }) {
  const tally = voteTally(vm.state);
  const percents = votePercents(tally);
  const outcome = vm.state.result?.kind === 'vote' ? vm.state.result.outcome : null;
  return (
    <>
      {outcome && (
        <p className="text-center text-lg font-bold">
          {outcome === 'DRAW' ? '무승부' : `${POSITION_LABELS[outcome]} 측 승리`}
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {BARS.map((bar) => (
          <li key={bar.key}>
            <div className="mb-1 flex items-baseline justify-between text-sm font-semibold">
              <span className={bar.text}>{bar.label}</span>
              <span className="tabular">{percents[bar.key]}%</span>
            </div>
            <div
              className="h-3 overflow-hidden rounded-full bg-surface-strong"
              role="img"
              aria-label={`${bar.label} ${percents[bar.key]}%`}
            >
              <div
                className={`h-full rounded-full ${bar.fill} motion-safe:transition-[width] motion-safe:duration-500`}
                style={{ width: `${percents[bar.key]}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      <p className="tabular text-center text-xs text-ink-muted">총 {percents.total}표</p>
      {outcome && nobodyVoted(tally) && (
        <p className="text-center text-sm text-ink-muted">아무도 투표하지 않아 무승부로 끝났어요.</p>
      )}
    </>
  );
}
