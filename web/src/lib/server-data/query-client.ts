import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../api';
import { $auth } from '../auth-store';

/**
 * The browser data cache's defaults (docs/product-rules.md#client-behaviour): 3 retries, 1 s doubling up to 30 s,
 * unused data kept 5 minutes.
 */
const MAX_RETRIES = 3;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
export const GC_MS = 5 * 60_000;

/** The wait before retry number `failureCount + 1`: 1 s, 2 s, 4 s, … never more than 30 s. */
export const retryDelay = (failureCount: number): number => Math.min(FIRST_RETRY_MS * 2 ** failureCount, MAX_RETRY_MS);

/**
 * Whether a failed load is worth another try. The spec gives 3 retries as the cache's default; an
 * answer that repeating the same request cannot change is not retried, so its error text shows at
 * once instead of after 7 s of waiting: 401 (the session has just ended, and the wire contract has no
 * retry on 401), other 4xx refusals (403, 404, a rejected query) and an answer we could not read.
 * Lost connections, 5xx, 408 and 429 are retried.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'BAD_RESPONSE' || error.code === 'CROSS_ORIGIN') return false;
  const refused = error.status >= 400 && error.status < 500;
  return !refused || error.status === 408 || error.status === 429;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The screen shows the server's 404 for this query as its not-found state (viewOf's `missing`, or a
       * redirect to /not-found): an answer it expects, not a failure to log.
       */
      showsNotFound?: boolean;
    };
  }
}

/**
 * Failed loads are logged, as the screens show only a short text; a 404 that the query's screen shows as
 * not found is not (a shared link to a deleted room or article is no error of ours).
 */
function logFailure(error: Error, query: Query<unknown, unknown, unknown>): void {
  if (query.meta?.showsNotFound && error instanceof ApiError && error.status === 404) return;
  console.error(error);
}

/** A query client with the product's cache behaviour. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: GC_MS },
      // A change (a like, a follow, a sanction) is sent once; the screen says when it failed.
      mutations: { retry: false },
    },
  });
}

/** The app's one cache. A session that ends takes its data with it, so the next person at this browser starts clean. */
export const queryClient = createQueryClient();
$auth.listen((auth) => {
  if (auth.accessToken === null) queryClient.clear();
});
