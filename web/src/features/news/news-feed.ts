import type { NewsItem } from '../../lib/news-item';
import type { NewsPage } from './news-api';
import { newsQueryKey, type NewsQuery } from './news-query';

export type FeedStatus = 'loading' | 'ready' | 'loading-more' | 'failed' | 'failed-more';

export interface FeedState {
  /** The query key the items belong to. */
  key: string;
  items: NewsItem[];
  /** The id to send for the next page (the last item received), null before the first page. */
  cursor: number | null;
  hasMore: boolean;
  status: FeedStatus;
}

export type PageLoader = (query: NewsQuery, cursor: number | null) => Promise<NewsPage>;

export interface NewsFeed {
  getState: () => FeedState;
  subscribe: (listener: () => void) => () => void;
  /** Starts the list over from its first page for `query` (a new search, sort or region); the same query again is kept unless `force`. */
  show: (query: NewsQuery, force?: boolean) => void;
  /** Loads the page after the cursor ('더보기'); ignored while a request runs or at the end. */
  more: () => void;
  /** Repeats whatever failed last. */
  retry: () => void;
}

const initial: FeedState = { key: '', items: [], cursor: null, hasMore: false, status: 'loading' };

/**
 * The news list's state: resets, keyset paging and stale-answer protection.
 * Only the answer to the latest request counts; an older one (a slow first page of the
 * previous search, say) is dropped when it arrives.
 */
export function createNewsFeed(load: PageLoader): NewsFeed {
  let state = initial;
  let query: NewsQuery | null = null;
  let ticket = 0;
  const listeners = new Set<() => void>();
  const set = (next: FeedState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const request = (cursor: number | null) => {
    const mine = ++ticket;
    if (!query) return;
    load(query, cursor).then(
      (page) => {
        if (mine !== ticket) return;
        const items = cursor === null ? page.items : appendNew(state.items, page.items);
        const last = page.items.at(-1)?.id ?? state.cursor;
        set({ ...state, items, cursor: last, hasMore: page.hasMore && page.items.length > 0, status: 'ready' });
      },
      (error: unknown) => {
        if (mine !== ticket) return;
        console.error(error);
        set({ ...state, status: cursor === null ? 'failed' : 'failed-more' });
      },
    );
  };

  const first = () => {
    set({ ...initial, key: state.key });
    request(null);
  };
  const next = () => {
    set({ ...state, status: 'loading-more' });
    request(state.cursor);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(nextQuery, force = false) {
      const key = newsQueryKey(nextQuery);
      if (!force && key === state.key && query) return;
      query = nextQuery;
      state = { ...state, key };
      first();
    },
    more() {
      if (state.status === 'ready' && state.hasMore) next();
    },
    retry() {
      if (state.status === 'failed') first();
      else if (state.status === 'failed-more') next();
    },
  };
}

/** Appends a page, skipping items already shown (a like between two requests can move one across pages). */
function appendNew(shown: NewsItem[], page: NewsItem[]): NewsItem[] {
  const seen = new Set(shown.map((item) => item.id));
  return [...shown, ...page.filter((item) => !seen.has(item.id))];
}
