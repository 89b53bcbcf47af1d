import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchNewsPage } from './news-api';
import { createNewsFeed, type FeedState, type NewsFeed } from './news-feed';
import { newsQueryKey, type NewsQuery } from './news-query';

/** The list for `query`: starts over whenever the query changes. */
export function useNewsFeed(query: NewsQuery): FeedState & Pick<NewsFeed, 'more' | 'retry' | 'show'> {
  const [feed] = useState(() => createNewsFeed(fetchNewsPage));
  const state = useSyncExternalStore(feed.subscribe, feed.getState);
  const key = newsQueryKey(query);
  useEffect(() => {
    feed.show(query);
    // `key` names the query; the object itself is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed, key]);
  return { ...state, more: feed.more, retry: feed.retry, show: feed.show };
}
