import { useEffect, useState, type ReactNode } from 'react';
import type { View } from '../../lib/server-data';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import { pageCount, pageSlice } from '../../ui/pager-window';
import { Skeleton } from '../../ui/Skeleton';

const PER_PAGE = 6;

interface PagedListProps<T> {
  view: View<readonly T[]>;
  emptyText: string;
  emptyIcon: ReactNode;
  label: string;
  itemKey: (item: T) => string | number;
  render: (item: T) => ReactNode;
}

/** A list shown 6 per page, with skeletons while loading and the list's empty text. */
export function PagedList<T>({ view, emptyText, emptyIcon, label, itemKey, render }: PagedListProps<T>) {
  const [page, setPage] = useState(1);
  const items = view.status === 'ready' ? view.data : null;
  useEffect(() => {
    setPage(1);
  }, [items]);
  if (view.status === 'failed')
    return <EmptyState icon={emptyIcon} text="목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요." />;
  if (!items) {
    return (
      <ul aria-busy="true" aria-label={`${label} 불러오는 중`} className="flex flex-col gap-3">
        {[0, 1, 2].map((n) => (
          <li key={n}>
            <Skeleton className="h-20 rounded-card" />
          </li>
        ))}
      </ul>
    );
  }
  if (items.length === 0) return <EmptyState icon={emptyIcon} text={emptyText} />;
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label={label} className="flex flex-col gap-3">
        {pageSlice(items, page, PER_PAGE).map((item) => (
          <li key={itemKey(item)}>{render(item)}</li>
        ))}
      </ul>
      <Pager page={page} totalPages={pageCount(items.length, PER_PAGE)} onChange={setPage} label={`${label} 페이지`} />
    </div>
  );
}
