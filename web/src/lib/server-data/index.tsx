import { QueryClientProvider, type QueryClient, type QueryKey, type QueryObserverResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { ApiError } from '../api-client';
import { queryClient } from './query-client';

/**
 * Server data in the web app: TanStack Query behind this one module. Screens name what they load
 * with `queryKeys`, load it with `useQuery`/`useInfiniteQuery`, and after a change mark exactly
 * what changed as stale; the cache's behaviour (retries, backoff, how long unused data stays) is
 * set once in `query-client.ts`. The module is loaded with the screens that use it, never by the
 * landing page.
 */
export {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
export { queryKeys } from './keys';
export { createQueryClient, queryClient } from './query-client';

export function ServerDataProvider({ client = queryClient, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** `Screen` inside the app's cache (the lazy screens and the bell are wrapped when their chunk arrives). */
export function withServerData<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithServerData(props: P) {
    return (
      <ServerDataProvider>
        <Screen {...props} />
      </ServerDataProvider>
    );
  };
}

/**
 * What a screen shows of a query: its skeleton, the data, or a failure: the error text with
 * 다시 시도, or — when the server said the thing does not exist (404) — a not-found state with
 * the server's Korean message in `missing`, since trying again cannot help.
 */
export type View<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; missing: string | null };

/**
 * A query as a screen shows it. Loading covers the first answer and a retry after a failure; data
 * once shown stays when a later reload fails.
 */
export function viewOf<Q extends Pick<QueryObserverResult, 'data' | 'status' | 'fetchStatus' | 'error'>>(
  query: Q,
): View<Exclude<Q['data'], undefined>> {
  // Any defined data of the query is its answer (a query's data is undefined only before one arrives).
  if (query.data !== undefined) return { status: 'ready', data: query.data as Exclude<Q['data'], undefined> };
  if (query.status !== 'error' || query.fetchStatus !== 'idle') return { status: 'loading' };
  const { error } = query;
  return { status: 'failed', missing: error instanceof ApiError && error.status === 404 ? error.message : null };
}

/**
 * Marks stale every cached query under `key` whose data `shows` what changed (say, each list that
 * holds one article); those on screen load again at once, the others when they are next shown.
 */
export async function invalidateWhere<T>(
  client: QueryClient,
  key: QueryKey,
  shows: (data: T) => boolean,
): Promise<void> {
  const touched = client.getQueriesData<T>({ queryKey: key }).filter(([, data]) => data !== undefined && shows(data));
  await Promise.all(touched.map(([queryKey]) => client.invalidateQueries({ queryKey, exact: true })));
}
