import { useInfiniteQuery, useQueryClient } from '../../lib/server-data';
import { feedItems, feedStatus, newsFeedQuery, type FeedStatus } from './news-feed';
import type { NewsQuery } from './news-query';
import type { NewsItem } from '../../lib/news-item';

export interface NewsFeedView {
  items: NewsItem[];
  hasMore: boolean;
  status: FeedStatus;
  /** Loads the next page ('더보기'); ignored while a request runs or at the end. */
  more: () => void;
  /** Repeats whatever failed last: the first page, or the page 더보기 asked for. */
  retry: () => void;
  /** Starts this list over from its first page (the same search submitted again). */
  restart: () => void;
}

/** The list for `query`; a new query shows its own list from the first page. */
export function useNewsFeed(query: NewsQuery): NewsFeedView {
  const client = useQueryClient();
  const options = newsFeedQuery(query);
  const feed = useInfiniteQuery(options);
  const status = feedStatus(feed);
  return {
    items: feedItems(feed.data),
    hasMore: feed.hasNextPage,
    status,
    more: () => {
      if (status === 'ready' && feed.hasNextPage) void feed.fetchNextPage();
    },
    retry: () => {
      if (status === 'failed') void feed.refetch();
      else if (status === 'failed-more') void feed.fetchNextPage();
    },
    restart: () => void client.resetQueries({ queryKey: options.queryKey, exact: true }),
  };
}
