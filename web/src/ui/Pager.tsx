import { pageWindow } from './pager-window';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { cx } from './cx';

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  windowSize?: number;
  label?: string;
}

/** Previous / next and a window of page numbers; hidden when there is a single page. */
export function Pager({ page, totalPages, onChange, windowSize = 5, label = '페이지 이동' }: PagerProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages, windowSize);
  const base = cx(
    'inline-flex size-11 items-center justify-center rounded-lg text-[0.9375rem] font-semibold',
    'transition-colors duration-150',
  );
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-1">
      <button
        type="button"
        aria-label="이전 페이지"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        className={cx(base, 'text-ink-muted hover:bg-surface disabled:opacity-40')}
      >
        <ChevronLeftIcon />
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          aria-label={`${n}페이지`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onChange(n)}
          className={cx(base, 'tabular', n === page ? 'bg-ink text-white' : 'text-ink-muted hover:bg-surface')}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        aria-label="다음 페이지"
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
        className={cx(base, 'text-ink-muted hover:bg-surface disabled:opacity-40')}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
