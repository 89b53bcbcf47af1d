import { cx } from './cx';

export interface ChipOption<V extends string> {
  value: V;
  label: string;
}

interface ChipGroupProps<V extends string> {
  label: string;
  options: ReadonlyArray<ChipOption<V>>;
  value: V | null;
  /** Clicking the selected chip again clears the choice (null). */
  onChange: (value: V | null) => void;
  className?: string;
}

/** Single-select chips for filters and pickers. */
export function ChipGroup<V extends string>({ label, options, value, onChange, className }: ChipGroupProps<V>) {
  return (
    <div role="group" aria-label={label} className={cx('flex flex-wrap gap-2', className)}>
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(selected ? null : option.value)}
            className={cx(
              'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold',
              'transition-colors duration-150',
              selected
                ? 'border-brand bg-brand text-white'
                : 'border-line-strong bg-paper text-ink-muted hover:border-ink-subtle hover:text-ink',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
