import { cx } from './cx';

/** "+12", "−8" (a real minus sign) or "±0". */
export function signedChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return '±0';
}

/** How a screen reader says a change: "12점 올랐어요", "8점 내렸어요", "변동 없어요". */
function spokenChange(change: number): string {
  if (change > 0) return `${change}점 올랐어요`;
  if (change < 0) return `${-change}점 내렸어요`;
  return '변동 없어요';
}

/**
 * A rating as members read it: "1532", or "1532?" while it is provisional (잠정), as lichess writes
 * it; the word 잠정 is there for screen readers and as a tooltip.
 */
export function RatingValue({
  rating,
  provisional,
  className,
}: {
  rating: number;
  provisional: boolean;
  className?: string;
}) {
  return (
    <span className={cx('tabular font-bold', className)} title={provisional ? '잠정 레이팅' : undefined}>
      {rating}
      {provisional && (
        <>
          <span aria-hidden="true">?</span>
          <span className="sr-only"> (잠정)</span>
        </>
      )}
    </span>
  );
}

/** A debate's rating change: the sign in text, green up, red down, grey unchanged. */
export function RatingChange({ change, className }: { change: number; className?: string }) {
  const tone = change > 0 ? 'text-success' : change < 0 ? 'text-danger' : 'text-ink-muted';
  return (
    <span className={cx('tabular font-semibold', tone, className)}>
      <span aria-hidden="true">{signedChange(change)}</span>
      <span className="sr-only">레이팅 {spokenChange(change)}</span>
    </span>
  );
}
