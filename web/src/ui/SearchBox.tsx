import { useState, type FormEvent } from 'react';
import { SearchIcon } from './icons';
import { cx } from './cx';
import { FIELD_FOCUS } from './field-focus';

interface SearchBoxProps {
  label: string;
  placeholder?: string;
  initialValue?: string;
  /** Runs on Enter or on the search icon (docs/product-rules.md#news). */
  onSearch: (query: string) => void;
  /** Runs on every keystroke, for debounced searches. */
  onInput?: (query: string) => void;
  className?: string;
}

export function SearchBox({
  label,
  placeholder = '검색...',
  initialValue = '',
  onSearch,
  onInput,
  className,
}: SearchBoxProps) {
  const [value, setValue] = useState(initialValue);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className={cx('relative', className)}>
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          onInput?.(event.target.value);
        }}
        className={cx(
          'min-h-11 w-full rounded-full border border-line-strong bg-paper pl-4 pr-12',
          'text-[0.9375rem]',
          'placeholder:text-ink-subtle',
          FIELD_FOCUS,
        )}
      />
      <button
        type="submit"
        aria-label="검색"
        className={cx(
          'absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-full',
          'text-ink-muted',
          'hover:text-ink',
        )}
      >
        <SearchIcon />
      </button>
    </form>
  );
}
