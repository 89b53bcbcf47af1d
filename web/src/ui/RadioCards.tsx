import { useId } from 'react';
import { cx } from './cx';

interface RadioOption<V extends string> {
  value: V;
  label: string;
}

interface RadioCardsProps<V extends string> {
  legend: string;
  options: ReadonlyArray<RadioOption<V>>;
  /** null while nothing is chosen yet (a report waits for its reason). */
  value: V | null;
  onChange: (value: V) => void;
  className?: string;
}

/** Exactly one choice among a few, as labelled radio cards in two columns (report reasons, staff actions). */
export function RadioCards<V extends string>({ legend, options, value, onChange, className }: RadioCardsProps<V>) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 text-[0.9375rem]',
              'transition-colors duration-150 hover:border-line-strong',
              'has-[:checked]:border-brand has-[:checked]:bg-brand-soft',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
