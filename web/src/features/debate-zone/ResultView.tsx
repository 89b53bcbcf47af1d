import { POSITION_LABELS, voteTally } from '@toron/engine';
import { ButtonLink, Button } from '../../ui/Button';
import { paths } from '../../app/routes';
import { RatingChanges } from './RatingChanges';
import { votePercents } from './vote-percent';
import type { RoomViewModel } from './view-model';

const BARS = [
  { key: 'pro', label: POSITION_LABELS.PRO, fill: 'bg-pro', text: 'text-pro' },
  { key: 'con', label: POSITION_LABELS.CON, fill: 'bg-con', text: 'text-con' },
  { key: 'abstain', label: POSITION_LABELS.NO_POSITION, fill: 'bg-neutral', text: 'text-neutral' },
] as const;

/** The vote result: title, VOTE RESULT, rounded percentage bars, replay and the way to other rooms. */
export function ResultView({ vm }: { vm: RoomViewModel }) {
  const percents = votePercents(voteTally(vm.state));
  const outcome = vm.state.result?.kind === 'vote' ? vm.state.result.outcome : null;
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-10">
      <section className="flex w-full max-w-lg flex-col gap-6 rounded-2xl bg-paper p-6 shadow-sm ring-1 ring-line sm:p-8">
        <h1 className="text-center text-xl font-bold leading-tight">{vm.info.title}</h1>
        <p lang="en" className="text-center text-sm font-black tracking-widest text-ink-muted">
          VOTE RESULT
        </p>
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
        <RatingChanges vm={vm} />
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="secondary" onClick={vm.actions.openReplay}>
            토론 다시보기
          </Button>
          <ButtonLink href={paths.debateRooms()}>다른 토론방 구경하기</ButtonLink>
        </div>
      </section>
    </main>
  );
}
