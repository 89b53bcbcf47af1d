import { QueryCache, QueryClient } from '@tanstack/react-query';
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

/**
 * A query client with the product's cache behaviour; failed loads are logged, as the screens show only a short text.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
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
