import type { ReactNode } from 'react';
import { ChipGroup, type ChipOption } from '../../../ui/Chip';

interface PickerFieldProps<V extends string> {
  legend: string;
  options: ReadonlyArray<ChipOption<V>>;
  value: V | null;
  onChange: (value: V | null) => void;
  hint?: ReactNode;
}

/** One chip picker of the creation form, named by its legend; a second click clears it. */
export function PickerField<V extends string>({ legend, options, value, onChange, hint }: PickerFieldProps<V>) {
  return (
    <div className="flex flex-col gap-2.5">
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-sm font-semibold text-ink" aria-hidden="true">
          {legend}
        </p>
        {hint}
      </div>
      <ChipGroup label={legend} options={options} value={value} onChange={onChange} />
    </div>
  );
}
