import type { ReactNode } from 'react';
import { cx } from './cx';

/** An icon and the screen's empty text, centred, with an optional next step. */
export function EmptyState({
  icon,
  text,
  action,
  className,
}: {
  icon: ReactNode;
  text: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-3 rounded-card bg-surface px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-paper text-ink-subtle ring-1 ring-line">
        {icon}
      </span>
      <p className="text-[0.9375rem] text-ink-muted">{text}</p>
      {action}
    </div>
  );
}
