import { cx } from './cx';

/** A quiet placeholder block while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-surface-strong', className)} />;
}
