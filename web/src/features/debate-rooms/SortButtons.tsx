import { cx } from '../../ui/cx';
import { sortTabs, type JoinableSort, type ListMode } from './room-query';

/** 최신순 · 임박순 · 인기순 (finished: no 임박순), one always chosen. */
export function SortButtons({
  mode,
  sort,
  onChange,
}: {
  mode: ListMode;
  sort: JoinableSort;
  onChange: (sort: JoinableSort) => void;
}) {
  return (
    <div role="group" aria-label="정렬" className="ml-auto flex items-center gap-1">
      {sortTabs(mode).map((tab, i) => (
        <span key={tab.id} className="flex items-center gap-1">
          {i > 0 && <span aria-hidden="true" className="h-3 w-px bg-line-strong" />}
          <button
            type="button"
            aria-pressed={tab.id === sort}
            onClick={() => onChange(tab.id)}
            className={cx(
              'min-h-11 rounded-lg px-3 text-[0.9375rem] transition-colors duration-150',
              tab.id === sort ? 'font-bold text-ink' : 'font-semibold text-ink-subtle hover:text-ink',
            )}
          >
            {tab.id === sort && (
              <span aria-hidden="true" className="mr-1 inline-block size-1.5 -translate-y-0.5 rounded-full bg-brand" />
            )}
            {tab.label}
          </button>
        </span>
      ))}
    </div>
  );
}
