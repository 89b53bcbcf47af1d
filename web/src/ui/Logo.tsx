import { Link } from 'wouter';
import { cx } from './cx';

/** The wordmark: two dots for the two sides of an argument. */
export function Logo({ href, inverted = false }: { href: string; inverted?: boolean }) {
  return (
    <Link
      href={href}
      className={cx(
        'inline-flex min-h-11 items-center gap-2 text-xl font-bold tracking-tight',
        inverted ? 'text-white' : 'text-ink',
      )}
    >
      <span aria-hidden="true" className="flex items-center gap-0.5">
        <span className="size-2.5 rounded-full bg-pro" />
        <span className="size-2.5 rounded-full bg-con" />
      </span>
      토론
      <span className={cx('text-sm font-semibold', inverted ? 'text-white/70' : 'text-ink-subtle')}>Toron</span>
      <span className="sr-only">홈으로</span>
    </Link>
  );
}
