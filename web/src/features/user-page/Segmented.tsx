import { cx } from '../../ui/cx';

/** Two lists inside one tab (saved / liked, followers / following). */
export function Segmented<K extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ id: K; label: string; count?: number }>;
  value: K;
  onChange: (id: K) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg bg-surface p-1">
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
          className={cx(
            'min-h-11 rounded-md px-4 text-sm font-semibold transition-colors duration-150',
            option.id === value ? 'bg-paper text-ink shadow-sm' : 'text-ink-subtle hover:text-ink',
          )}
        >
          {option.label}
          {option.count !== undefined && <span className="tabular ml-1.5 text-ink-subtle">{option.count}</span>}
        </button>
      ))}
    </div>
  );
}
