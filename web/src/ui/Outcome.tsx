import type { RoomOutcome } from '@toron/engine';
import { outcomeLabel, outcomeTone, voteSplitText, type OutcomeTone } from '../lib/outcome';
import { cx } from './cx';
import { When } from './When';

const tones: Record<OutcomeTone, string> = {
  PRO: 'bg-pro-soft text-pro ring-pro/30',
  CON: 'bg-con-soft text-con ring-con/30',
  NEUTRAL: 'bg-neutral-soft text-neutral ring-neutral/30',
};

/** How a finished room ended as a tag: 찬성 승리, 무승부, 반대 부전승, 승패 없음 … in the winner's colour. */
export function OutcomeTag({ outcome, className }: { outcome: RoomOutcome; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
        tones[outcomeTone(outcome)],
        className,
      )}
    >
      {outcomeLabel(outcome)}
    </span>
  );
}

/** The outcome, the vote split when there was a vote, and when the room ended. */
export function OutcomeSummary({ outcome, className }: { outcome: RoomOutcome; className?: string }) {
  return (
    <p className={cx('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted', className)}>
      <OutcomeTag outcome={outcome} />
      {outcome.tally && (
        <span className="tabular">
          <span className="sr-only">투표 </span>
          {voteSplitText(outcome.tally)}
        </span>
      )}
      <span aria-hidden="true">·</span>
      <When value={outcome.endedAt} />
    </p>
  );
}
