import { textLength } from '@toron/engine';
import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import { FIELD_FOCUS } from './field-focus';
import { keepWithin } from './text-limit';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Input is cut at this many characters (docs/product-rules.md#text-length) and a counter n/max is shown. */
  maxLength?: number;
  placeholder?: string;
  /** Shown under the field in red and announced. */
  error?: string | null;
  /** Shown under the field when there is no error. */
  hint?: ReactNode;
  /** Rendered inside the field on the right (a checkmark, a spinner). */
  adornment?: ReactNode;
  name?: string;
  autoFocus?: boolean;
  autoComplete?: string;
}

export function TextField({
  label,
  value,
  onChange,
  maxLength,
  placeholder,
  error,
  hint,
  adornment,
  name,
  autoFocus,
  autoComplete = 'off',
}: TextFieldProps) {
  const id = useId();
  const count = textLength(value);
  const describedBy =
    [error || hint ? `${id}-note` : '', maxLength ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {maxLength !== undefined && (
          <span
            id={`${id}-count`}
            className="tabular text-xs text-ink-subtle"
            aria-label={`${maxLength}자 중 ${count}자 입력`}
          >
            {count}/{maxLength}
          </span>
        )}
      </div>
      <div className="relative">
        <input
          id={id}
          name={name}
          value={value}
          placeholder={placeholder}
          autoFocus={autoFocus}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) =>
            onChange(maxLength === undefined ? event.target.value : keepWithin(value, event.target.value, maxLength))
          }
          className={cx(
            'min-h-12 w-full rounded-lg border bg-paper px-4 text-base text-ink placeholder:text-ink-subtle',
            'transition-colors duration-150',
            FIELD_FOCUS,
            adornment ? 'pr-12' : '',
            error ? 'border-danger' : 'border-line-strong',
          )}
        />
        {adornment && <span className="absolute inset-y-0 right-3 flex items-center">{adornment}</span>}
      </div>
      {error ? (
        <p id={`${id}-note`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-note`} className="text-sm text-ink-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
