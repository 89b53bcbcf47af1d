import { cx } from './cx';

interface RecordLineProps {
  wins: number | null | undefined;
  draws: number | null | undefined;
  losses: number | null | undefined;
  className?: string;
}

/**
 * "12승 3무 5패" in tabular numerals; missing counts read as 0. A count never breaks inside itself
 * (the page lets long words break anywhere); in a narrow column the next count wraps whole.
 */
export function RecordLine({ wins, draws, losses, className }: RecordLineProps) {
  const items = [
    { value: wins ?? 0, unit: '승', tone: 'text-pro' },
    { value: draws ?? 0, unit: '무', tone: 'text-neutral' },
    { value: losses ?? 0, unit: '패', tone: 'text-con' },
  ];
  return (
    <p className={cx('tabular flex flex-wrap items-baseline gap-x-3 text-sm', className)}>
      <span className="sr-only">{items.map((i) => `${i.value}${i.unit}`).join(' ')}</span>
      {items.map((item) => (
        <span key={item.unit} aria-hidden="true" className="inline-flex items-baseline gap-0.5 whitespace-nowrap">
          <span className="text-base font-bold text-ink">{item.value}</span>
          <span className={cx('font-semibold', item.tone)}>{item.unit}</span>
        </span>
      ))}
    </p>
  );
}
