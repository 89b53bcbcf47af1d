import { joinUnique } from '../../lib/join-unique';
import type { NewsItem } from '../../lib/news-item';
import { infiniteQueryOptions, queryKeys, type InfiniteData } from '../../lib/server-data';
import { fetchNewsPage, type NewsPage } from './news-api';
import type { NewsQuery } from './news-query';

export type FeedStatus = 'loading' | 'ready' | 'loading-more' | 'failed' | 'failed-more';

/**
 * The news list for one query (a search, sort and region): the first page without a cursor, each
 * next page after the id of the last item received. A new query is a new list from its first page.
 */
export const newsFeedQuery = (query: NewsQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.news.list(query.sort, query.continent, query.q),
    queryFn: ({ pageParam }) => fetchNewsPage(query, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last: NewsPage) => (last.hasMore ? last.items.at(-1)?.id : undefined),
  });

/** The pages as one list, each article once (a like between two requests can move one across pages). */
export const feedItems = (data: InfiniteData<NewsPage> | undefined): NewsItem[] =>
  joinUnique(
    (data?.pages ?? []).map((page) => page.items),
    (item) => item.id,
  );

/** What the list shows: a failed 더보기 keeps the items and offers to retry that page. */
export function feedStatus(feed: {
  data: unknown;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
}): FeedStatus {
  if (feed.isFetchingNextPage) return 'loading-more';
  if (feed.data === undefined) return feed.isError && !feed.isFetching ? 'failed' : 'loading';
  return feed.isFetchNextPageError ? 'failed-more' : 'ready';
}
