import { POSITION_LABELS, screenBase, type VoteChoice } from '@toron/engine';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { clockSpeech, clockText, secondsLeft } from './countdown';
import type { RoomViewModel } from './view-model';

const CHOICES: ReadonlyArray<{ choice: VoteChoice; tone: string }> = [
  { choice: 'PRO', tone: 'bg-pro text-white' },
  { choice: 'CON', tone: 'bg-con text-white' },
  { choice: 'NO_POSITION', tone: 'bg-neutral text-white' },
];

/**
 * Voting (docs/product-rules.md#voting): the debater screen and the observer screen share the countdown and the ballot
 * rules.
 */
export function VotingView({ vm }: { vm: RoomViewModel }) {
  const base = screenBase(vm.state, vm.me ?? 0);
  // The ballot just sent: marked at once, the other options disabled until the room moves on.
  const [chosen, setChosen] = useState<VoteChoice | null>(null);
  const open = vm.state.vote?.open === true;
  const mine = base.myVote ?? chosen;
  const vote = (choice: VoteChoice) => {
    if (vm.actions.vote(choice)) setChosen(choice);
  };
  const disabled = (choice: VoteChoice) => !open || (mine !== null && mine !== choice);
  const seconds =
    base.deadline && vm.state.durations
      ? secondsLeft(base.deadline.at, vm.serverNow, vm.state.durations.voteWindowMs)
      : 0;
  const countdown = (
    <p className="tabular text-center text-4xl font-black" aria-hidden="true">
      {clockText(seconds)}
    </p>
  );
  const status = !open ? (
    <p className="flex items-center justify-center gap-2 text-sm text-ink-muted" role="status">
      <span
        aria-hidden="true"
        className="size-4 rounded-full border-2 border-current border-r-transparent motion-safe:animate-spin"
      />
      투표를 준비하고 있어요 · {clockSpeech(seconds)}
    </p>
  ) : mine ? (
    <p className="rounded-lg bg-success-soft px-4 py-3 text-center text-sm font-semibold text-success" role="status">
      {POSITION_LABELS[mine]}에 투표하는 중…
    </p>
  ) : (
    <p className="sr-only" role="status">
      투표 마감까지 {clockSpeech(seconds)}
    </p>
  );
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-10">
      <section
        className={cx(
          'flex w-full max-w-lg flex-col gap-6 rounded-2xl bg-paper p-6 shadow-sm ring-1 ring-line',
          'sm:p-8',
        )}
      >
        <p className="user-text text-center text-sm font-semibold text-ink-muted">{vm.info.title}</p>
        {vm.role === 'debater' ? (
          <>
            <h1 className="text-center text-xl font-bold leading-tight">찬반 투표가 진행중입니다...</h1>
            {countdown}
            <div className="grid grid-cols-3 gap-2" role="group" aria-label="투표">
              {CHOICES.map(({ choice, tone }) => (
                <button
                  key={choice}
                  type="button"
                  disabled={disabled(choice)}
                  onClick={() => vote(choice)}
                  aria-pressed={mine === choice}
                  className={cx(
                    'min-h-12 rounded-xl text-base font-bold transition duration-150',
                    'hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60',
                    'aria-pressed:ring-4 aria-pressed:ring-ink aria-pressed:ring-offset-2',
                    tone,
                  )}
                >
                  {POSITION_LABELS[choice]}
                </button>
              ))}
            </div>
            {status}
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" disabled={mine !== null} onClick={vm.actions.awaitResult}>
                결과 기다리기
              </Button>
              <Button variant="ghost" onClick={vm.actions.exit}>
                홈으로
              </Button>
            </div>
          </>
        ) : (
          <>
            <h1 className="text-center text-xl font-bold leading-tight">
              토론이 끝났습니다. 승리했다고 생각하시는 입장에 투표해주세요
            </h1>
            {countdown}
            <div className="grid grid-cols-2 gap-3">
              {(['PRO', 'CON'] as const).map((side) => (
                <div
                  key={side}
                  className={cx(
                    'flex flex-col items-center gap-3 rounded-xl p-4',
                    side === 'PRO' ? 'bg-pro-soft' : 'bg-con-soft',
                  )}
                >
                  <p className={cx('text-lg font-bold', side === 'PRO' ? 'text-pro' : 'text-con')}>
                    {POSITION_LABELS[side]}
                  </p>
                  <button
                    type="button"
                    disabled={disabled(side)}
                    onClick={() => vote(side)}
                    aria-label={`${POSITION_LABELS[side]}에 투표`}
                    aria-pressed={mine === side}
                    className={cx(
                      'min-h-11 w-full rounded-lg font-bold text-white transition duration-150',
                      'hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60',
                      side === 'PRO' ? 'bg-pro' : 'bg-con',
                    )}
                  >
                    투표
                  </button>
                </div>
              ))}
            </div>
            <Button
              variant="secondary"
              disabled={disabled('NO_POSITION')}
              aria-pressed={mine === 'NO_POSITION'}
              onClick={() => vote('NO_POSITION')}
            >
              기권하기
            </Button>
            {status}
            <Button variant="ghost" onClick={vm.actions.openReplay}>
              토론 다시보기
            </Button>
          </>
        )}
      </section>
    </main>
  );
}
