import { notifyManager } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient, ServerDataProvider, type QueryClient } from '../../src/lib/server-data';

// TanStack Query hands its notifications to `setTimeout(0)`. Fake timers postpone a zero timeout set
// while timers run by 1 ms, which would shift every timing the debounce tests measure; here the
// notifications run as microtasks, so an answer shows as soon as it arrives, in fake time as in real.
notifyManager.setScheduler(queueMicrotask);

/**
 * A render wrapper with a cache of its own, configured as the app's (retries, backoff, garbage
 * collection), so no test sees another's data: `render(<Page />, { wrapper: freshCache() })`.
 */
export function freshCache(client: QueryClient = createQueryClient()) {
  return function FreshCache({ children }: { children: ReactNode }) {
    return <ServerDataProvider client={client}>{children}</ServerDataProvider>;
  };
}
