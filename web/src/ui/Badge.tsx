import type { ReactNode } from 'react';
import { cx } from './cx';

type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-neutral-soft text-neutral',
  brand: 'bg-brand-soft text-brand',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
};

/** A small label: a category, a status. */
export function Badge({
  tone = 'neutral',
  children,
  title,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  /** What the label means, for a pointer hovering it and for assistive technology. */
  title?: string;
  className?: string;
}) {
  return (
    <span
      title={title}
      className={cx('inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold', tones[tone], className)}
    >
      {children}
    </span>
  );
}

/** An unread count in a red dot; nothing when zero. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-label={`${label} ${count}개`}
      className={cx(
        'tabular inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5',
        'text-[0.6875rem] font-bold leading-5 text-white',
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
