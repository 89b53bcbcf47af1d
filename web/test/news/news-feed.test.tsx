import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsQuery } from '../../src/features/news/news-query';
import { useNewsFeed } from '../../src/features/news/use-news-feed';
import { freshCache } from '../support/fresh-cache';

// The list hook over the real API client; `fetch` answers only when the test says so, in any order.
const wireItem = (id: number) => ({
  id,
  title: `뉴스 ${id}`,
  content: '',
  imgUrl: null,
  newsType: 'HANI',
  deliveryTime: '2026-11-21T00:00:00Z',
  like: 0,
  bookmark: 0,
  continentType: 'KR',
});
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);
/** Lets an answer travel through the client, the cache and React (a few turns of the event loop). */
const flush = () =>
  act(async () => {
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

interface Call {
  params: URLSearchParams;
  /** Answers with these ids; `hasNext` false marks the last page even when it is full. */
  answer: (idList: number[], hasNext?: boolean) => Promise<void>;
  /** A refusal (4xx), which is not retried, so the failure shows at once. */
  fail: () => Promise<void>;
}
let calls: Call[] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: URL) =>
        new Promise<Response>((resolve) => {
          const reply = async (status: number, body: unknown) => {
            resolve(new Response(JSON.stringify(body), { status }));
            await flush();
          };
          calls.push({
            params: url.searchParams,
            answer: (idList, hasNext) =>
              reply(200, { status: '성공', data: { content: idList.map(wireItem), hasNext } }),
            fail: () => reply(400, { status: '오류', message: '잘못된 요청입니다.', code: 'BAD_REQUEST' }),
          });
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const all: NewsQuery = { continent: 'all', sort: 'LATEST', q: '' };

async function feedFor(query: NewsQuery) {
  const hook = renderHook(({ q }) => useNewsFeed(q), { initialProps: { q: query }, wrapper: freshCache() });
  await flush();
  return hook;
}
const cursorOf = (call: Call | undefined) => call?.params.get('cursor') ?? null;

describe('news feed', () => {
  it('loads the first page without a cursor, then pages with the last id as the cursor', async () => {
    const { result } = await feedFor(all);
    expect(result.current).toMatchObject({ status: 'loading', items: [] });
    expect(cursorOf(calls[0])).toBeNull();
    await calls[0]!.answer(ids(100, 12));
    expect(result.current).toMatchObject({ status: 'ready', hasMore: true });
    expect(result.current.items).toHaveLength(12);

    act(() => result.current.more());
    await flush();
    expect(result.current.status).toBe('loading-more');
    expect(cursorOf(calls[1])).toBe('89');
    act(() => result.current.more()); // ignored while the page is on its way
    await flush();
    expect(calls).toHaveLength(2);
    await calls[1]!.answer(ids(88, 5));
    expect(result.current).toMatchObject({ status: 'ready', hasMore: false });
    expect(result.current.items.map((n) => n.id)).toEqual(ids(100, 17));

    act(() => result.current.more()); // the end: a short page hides 더보기 and asks for nothing more
    await flush();
    expect(calls).toHaveLength(2);
  });

  it('a full page the server calls the last one ends the list too', async () => {
    const { result } = await feedFor(all);
    await calls[0]!.answer(ids(12, 12), false);
    expect(result.current.hasMore).toBe(false);
  });

  it('a new search, sort or region starts over from the first page', async () => {
    const { result, rerender } = await feedFor(all);
    await calls[0]!.answer(ids(100, 12));
    act(() => result.current.more());
    await flush();
    await calls[1]!.answer(ids(88, 12));
    expect(result.current.items).toHaveLength(24);

    for (const next of [
      { ...all, q: '선거' },
      { ...all, q: '선거', sort: 'POPULAR' as const },
      { continent: 'JP' as const, sort: 'POPULAR' as const, q: '선거' },
    ]) {
      rerender({ q: next });
      await flush();
      expect(result.current).toMatchObject({ status: 'loading', items: [], hasMore: false });
      const call = calls.at(-1)!;
      expect(cursorOf(call)).toBeNull();
      expect(call.params.get('sort')).toBe(next.sort);
      expect(call.params.get('q')).toBe('선거');
      await call.answer([7, 5, 3]);
      expect(result.current.items.map((n) => n.id)).toEqual([7, 5, 3]);
    }
    expect(calls.at(-1)!.params.get('continent')).toBe('JP');
  });

  it('the same query keeps the list; the same search submitted again reloads from the first page', async () => {
    const { result, rerender } = await feedFor(all);
    await calls[0]!.answer([3, 2, 1]);
    rerender({ q: { ...all } });
    await flush();
    expect(calls).toHaveLength(1);
    act(() => result.current.restart());
    await flush();
    expect(calls).toHaveLength(2);
    expect(cursorOf(calls[1])).toBeNull();
    expect(result.current.status).toBe('loading');
    await calls[1]!.answer([4, 3, 2, 1]);
    expect(result.current.items).toHaveLength(4);
  });

  it('ignores an outdated answer: a slow first page of the previous search never replaces the new one', async () => {
    const { result, rerender } = await feedFor({ ...all, q: '기후' });
    rerender({ q: { ...all, q: '선거' } });
    await flush();
    await calls[1]!.answer([20, 19]);
    await calls[0]!.answer([99, 98, 97]);
    expect(result.current.status).toBe('ready');
    expect(result.current.items.map((n) => n.id)).toEqual([20, 19]);
  });

  it('ignores a 더보기 answer that arrives after the list changed, and a failure of an outdated request', async () => {
    const { result, rerender } = await feedFor(all);
    await calls[0]!.answer(ids(100, 12));
    act(() => result.current.more());
    await flush();
    rerender({ q: { ...all, continent: 'KR' } });
    await flush();
    await calls[1]!.answer(ids(88, 12));
    expect(result.current).toMatchObject({ status: 'loading', items: [] });
    rerender({ q: { ...all, continent: 'CN' } });
    await flush();
    await calls[2]!.fail();
    expect(result.current.status).toBe('loading');
    await calls[3]!.answer([1]);
    expect(result.current).toMatchObject({ status: 'ready', hasMore: false });
    expect(result.current.items.map((n) => n.id)).toEqual([1]);
  });

  it('skips items already shown when a page overlaps (a like moved one between requests)', async () => {
    const { result } = await feedFor({ ...all, sort: 'POPULAR' });
    await calls[0]!.answer(ids(100, 12));
    act(() => result.current.more());
    await flush();
    await calls[1]!.answer([89, 50, 49, ...ids(48, 9)]);
    expect(result.current.items.map((n) => n.id)).toEqual([...ids(100, 12), 50, 49, ...ids(48, 9)]);
    act(() => result.current.more());
    await flush();
    expect(cursorOf(calls[2])).toBe('40');
  });

  it('keeps the list on a failed 더보기, retries that cursor; a failed first page starts over', async () => {
    const { result } = await feedFor(all);
    await calls[0]!.fail();
    expect(result.current.status).toBe('failed');
    act(() => result.current.retry());
    await flush();
    expect(result.current.status).toBe('loading');
    expect(cursorOf(calls[1])).toBeNull();
    await calls[1]!.answer(ids(100, 12));
    act(() => result.current.more());
    await flush();
    await calls[2]!.fail();
    expect(result.current.status).toBe('failed-more');
    expect(result.current.items).toHaveLength(12);
    act(() => result.current.retry());
    await flush();
    expect(result.current.status).toBe('loading-more');
    expect(cursorOf(calls[3])).toBe('89');
    await calls[3]!.answer([88]);
    expect(result.current.items).toHaveLength(13);
  });
});
