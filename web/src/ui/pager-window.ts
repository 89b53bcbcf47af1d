/**
 * The page numbers a pager shows: at most `size` consecutive pages, keeping the current one
 * as central as possible (1-based; an empty list when there are no pages).
 */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** How many pages a list of `total` items fills at `perPage` per page. */
export const pageCount = (total: number, perPage: number): number => Math.ceil(total / perPage);

/** The items of one 1-based page. */
export const pageSlice = <T>(items: readonly T[], page: number, perPage: number): T[] =>
  items.slice((page - 1) * perPage, page * perPage);
