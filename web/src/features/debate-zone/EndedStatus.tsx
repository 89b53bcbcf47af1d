import type { RoomOutcome } from '@toron/engine';
import { endingText } from '../../lib/outcome';
import { cx } from '../../ui/cx';
import { OutcomeTag } from '../../ui/Outcome';

/**
 * Where TURN and TIMER stand while a debate runs, once the room has ended: how it ended (the
 * outcome as the archive shows it, and why, docs/product-rules.md#walkovers), never the turns it
 * had left, which a walkover or an exit overflow left unspoken.
 */
export function EndedStatus({ outcome, className }: { outcome: RoomOutcome; className?: string }) {
  return (
    <p className={cx('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)}>
      <span className="font-semibold">토론 종료</span>
      <OutcomeTag outcome={outcome} />
      <span className="text-ink-muted">{endingText(outcome)}</span>
    </p>
  );
}
