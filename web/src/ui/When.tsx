import { formatDateTime, formatWhen, isoOf } from '../lib/dates';
import { cx } from './cx';

/**
 * A moment as the product shows it everywhere: relative within a week, the date after
 * (`formatWhen`), the full date and time on hover and for machines.
 */
export function When({ value, now, className }: { value: string | number | Date; now?: number; className?: string }) {
  const iso = isoOf(value);
  if (!iso) return null;
  return (
    <time dateTime={iso} title={formatDateTime(value)} className={cx('tabular', className)}>
      {formatWhen(value, now)}
    </time>
  );
}
