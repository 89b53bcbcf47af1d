import type { Side } from '@toron/engine';
import { cx } from '../../ui/cx';
import { SideTag } from '../../ui/SideTag';
import { clockSpeech, clockText } from './countdown';

interface TurnStatusProps {
  turnsLeft: number;
  seconds: number;
  side: Side | null;
  mine?: boolean;
  className?: string;
}

/**
 * TURN (the product's label, with 남은 턴 beside it: it counts the turns left, the current one
 * included) and TIMER (to the server's turn deadline), in tabular numerals.
 */
export function TurnStatus({ turnsLeft, seconds, side, mine, className }: TurnStatusProps) {
  return (
    <div className={cx('flex items-center gap-3', className)}>
      {side && (
        <p className="flex items-center gap-1.5 text-sm font-semibold">
          <SideTag side={side} />
          <span>{mine ? '내 발언 차례' : '발언 중'}</span>
        </p>
      )}
      <dl className="flex items-center gap-3">
        <div className="flex flex-col items-center leading-none">
          <dt className="flex items-baseline gap-1 whitespace-nowrap text-[0.6875rem] text-ink-muted">
            <span lang="en" className="font-bold tracking-wide">
              TURN
            </span>
            <span>남은 턴</span>
          </dt>
          <dd className="tabular text-lg font-bold">{turnsLeft}</dd>
        </div>
        <div className="flex flex-col items-center leading-none">
          <dt lang="en" className="text-[0.6875rem] font-bold tracking-wide text-ink-muted">
            TIMER
            <span className="sr-only" lang="ko">
              {' '}
              남은 시간
            </span>
          </dt>
          <dd className={cx('tabular text-lg font-bold', seconds <= 5 && side ? 'text-danger' : 'text-ink')}>
            <span aria-hidden="true">{clockText(seconds)}</span>
            <span className="sr-only">{clockSpeech(seconds)}</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}
