import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../../src/lib/api';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { createQueryClient, queryClient, useMutation, useQuery } from '../../src/lib/server-data';
import { GC_MS, retryDelay } from '../../src/lib/server-data/query-client';
import { fakeApi, refusal } from '../support/fake-api';
import { freshCache } from '../support/fresh-cache';

// The cache's behaviour (docs/product-rules.md#client-behaviour) measured on the real client: the API client over a
// fake `fetch`,
// fake timers for the waits between retries.
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const load = () => api('/api/thing', { schema: z.object({ ok: z.boolean() }) });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Loads one query that always gets `answer`; returns the request log and the hook. */
function loadAlways(answer: () => unknown) {
  const seen = fakeApi(answer);
  const hook = renderHook(() => useQuery({ queryKey: ['thing'], queryFn: load }), { wrapper: freshCache() });
  return { seen, hook };
}

describe('the browser data cache', () => {
  it('retries a failed load 3 times, 1 s, 2 s and 4 s apart, then shows the failure', async () => {
    const { seen, hook } = loadAlways(() => refusal(503, 'UNAVAILABLE'));
    await advance(0);
    expect(seen).toHaveLength(1);
    for (const [wait, calls] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await advance(wait - 1);
      expect(seen).toHaveLength(calls - 1);
      expect(hook.result.current.status).toBe('pending');
      await advance(1);
      expect(seen).toHaveLength(calls);
    }
    await advance(0);
    expect(hook.result.current.status).toBe('error');
    await advance(120_000);
    expect(seen).toHaveLength(4);
  });

  it('retries a lost connection, a timeout and a rate limit too, and stops at the first answer', async () => {
    let calls = 0;
    const answers = [() => Promise.reject(new TypeError('offline')), () => refusal(408), () => refusal(429)];
    const { seen, hook } = loadAlways(() => answers[calls++]?.() ?? { ok: true });
    await advance(1000 + 2000 + 4000);
    expect(seen).toHaveLength(4);
    expect(hook.result.current.data).toEqual({ ok: true });
  });

  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'INVALID_TOKEN'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
  ])('does not retry a %i refusal: the same request would get the same answer', async (status, code) => {
    const { seen, hook } = loadAlways(() => refusal(status, code));
    await advance(60_000);
    expect(seen).toHaveLength(1);
    expect(hook.result.current.status).toBe('error');
  });

  it('does not retry an answer it could not read', async () => {
    const { seen, hook } = loadAlways(() => ({ unexpected: 'shape' }));
    await advance(60_000);
    expect(seen).toHaveLength(1);
    expect(hook.result.current.error).toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('doubles the wait up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('keeps data nobody shows for 5 minutes, then lets it go', async () => {
    const client = createQueryClient();
    fakeApi(() => ({ ok: true }));
    const hook = renderHook(() => useQuery({ queryKey: ['thing'], queryFn: load }), { wrapper: freshCache(client) });
    await advance(0);
    expect(hook.result.current.data).toEqual({ ok: true });
    hook.unmount();
    expect(GC_MS).toBe(300_000);
    await advance(GC_MS - 1);
    expect(client.getQueryData(['thing'])).toEqual({ ok: true });
    await advance(1);
    expect(client.getQueryCache().find({ queryKey: ['thing'] })).toBeUndefined();
  });

  it('sends a change once, even when it fails', async () => {
    const seen = fakeApi(() => refusal(503));
    const hook = renderHook(() => useMutation({ mutationFn: () => api('/api/thing', { method: 'POST' }) }), {
      wrapper: freshCache(),
    });
    act(() => hook.result.current.mutate());
    await advance(60_000);
    expect(seen).toHaveLength(1);
    expect(hook.result.current.status).toBe('error');
  });

  it.each([
    ['a 404 its screen shows as not found', true, () => refusal(404, 'ROOM_NOT_FOUND'), false],
    ['a 404 no screen said it shows', false, () => refusal(404, 'NOT_FOUND'), true],
    ['a server failure, even where a 404 is shown', true, () => refusal(500, 'INTERNAL_ERROR'), true],
    ['a refusal other than 404', true, () => refusal(403, 'FORBIDDEN'), true],
    ['an answer it could not read', true, () => ({ unexpected: 'shape' }), true],
  ] as const)('logs a failed load unless it is expected: %s', async (_, showsNotFound, answer, logged) => {
    const error = vi.mocked(console.error);
    fakeApi(answer);
    const hook = renderHook(() => useQuery({ queryKey: ['thing'], queryFn: load, meta: { showsNotFound } }), {
      wrapper: freshCache(),
    });
    await advance(60_000);
    expect(hook.result.current.status).toBe('error');
    expect(error.mock.calls.length > 0).toBe(logged);
  });

  it('forgets everything when the session ends, so the next person at this browser sees none of it', () => {
    setTokens('access', 'refresh');
    queryClient.setQueryData(['users', 'likes', 1], [{ newsId: 7 }]);
    setTokens('access-2', 'refresh-2');
    expect(queryClient.getQueryData(['users', 'likes', 1])).toEqual([{ newsId: 7 }]);
    clearAuth();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
