/**
 * Pages of a list joined in order, keeping only the first of items with the same id: items move
 * between pages while a list is read page by page (a like, a new notification), so pages overlap.
 */
export function joinUnique<T>(pages: ReadonlyArray<readonly T[]>, idOf: (item: T) => number): T[] {
  const seen = new Set<number>();
  return pages.flatMap((page) =>
    page.filter((item) => {
      const id = idOf(item);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    }),
  );
}
