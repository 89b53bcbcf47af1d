import { queryKeys, queryOptions, useQuery, viewOf, type View } from '../../lib/server-data';
import { useDebounced } from '../../lib/use-debounced';
import { fetchRanking, type Debater, type RankingOrder } from './ranking-api';
import { SEARCH_DEBOUNCE_MS, SKELETON_MS } from './ranking';

/** Waits for `work`, and at least `ms` (a failure too), so a fast answer does not flash the skeleton. */
async function atLeast<T>(work: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.allSettled([work, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** The ranking for a search term ('' for everyone) in an order; each load keeps the skeleton up for about a second. */
const rankingQuery = (term: string, order: RankingOrder) =>
  queryOptions({
    queryKey: queryKeys.ranking.search(term, order),
    queryFn: () => atLeast(fetchRanking(term, order), SKELETON_MS),
  });

export interface RankingView {
  /** The term the shown list is for. */
  term: string;
  view: View<Debater[]>;
  retry: () => void;
}

/**
 * The ranking for what is typed in the search box: the first load at once, later terms 1000 ms after the last
 * keystroke.
 */
export function useRanking(input: string, order: RankingOrder = 'rating'): RankingView {
  const term = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const ranking = useQuery(rankingQuery(term, order));
  return { term, view: viewOf(ranking), retry: () => void ranking.refetch() };
}
