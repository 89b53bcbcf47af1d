import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '../../src/lib/news-item';
import type { NewsPage } from '../../src/features/news/news-api';
import { createNewsFeed, type PageLoader } from '../../src/features/news/news-feed';
import type { NewsQuery } from '../../src/features/news/news-query';

const item = (id: number): NewsItem => ({
  id,
  title: `뉴스 ${id}`,
  lead: '',
  imageUrl: null,
  publisher: 'HANI',
  publishedAt: '2026-11-21T00:00:00Z',
  likes: 0,
  bookmarks: 0,
  continent: 'KR',
});
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);
const page = (idList: number[], hasMore = idList.length === 12): NewsPage => ({ items: idList.map(item), hasMore });

/** A page loader whose answers the test releases by hand, in any order. */
function manualLoader() {
  const calls: Array<{
    query: NewsQuery;
    cursor: number | null;
    answer: (p: NewsPage) => Promise<void>;
    fail: () => Promise<void>;
  }> = [];
  const load: PageLoader = (query, cursor) =>
    new Promise<NewsPage>((resolve, reject) => {
      const settle = async () => {
        await Promise.resolve();
        await Promise.resolve();
      };
      calls.push({
        query,
        cursor,
        answer: (p) => {
          resolve(p);
          return settle();
        },
        fail: () => {
          reject(new Error('down'));
          return settle();
        },
      });
    });
  return { load, calls };
}

const all: NewsQuery = { continent: 'all', sort: 'LATEST', q: '' };

beforeEach(() => {
  // Failed loads are logged; keep the test output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

describe('news feed', () => {
  it('loads the first page without a cursor, then pages with the last id as the cursor', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show(all);
    expect(feed.getState()).toMatchObject({ status: 'loading', items: [] });
    expect(calls[0]).toMatchObject({ query: all, cursor: null });
    await calls[0]!.answer(page(ids(100, 12)));
    expect(feed.getState()).toMatchObject({ status: 'ready', cursor: 89, hasMore: true });
    expect(feed.getState().items).toHaveLength(12);

    feed.more();
    expect(feed.getState().status).toBe('loading-more');
    expect(calls[1]?.cursor).toBe(89);
    feed.more(); // ignored while the page is on its way
    expect(calls).toHaveLength(2);
    await calls[1]!.answer(page(ids(88, 5)));
    expect(feed.getState()).toMatchObject({ status: 'ready', cursor: 84, hasMore: false });
    expect(feed.getState().items.map((n) => n.id)).toEqual(ids(100, 17));

    feed.more(); // the end: a short page hides 더보기 and asks for nothing more
    expect(calls).toHaveLength(2);
  });

  it('a full page the server calls the last one ends the list too', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show(all);
    await calls[0]!.answer(page(ids(12, 12), false));
    expect(feed.getState().hasMore).toBe(false);
  });

  it('a new search, sort or region starts over from the first page', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show(all);
    await calls[0]!.answer(page(ids(100, 12)));
    feed.more();
    await calls[1]!.answer(page(ids(88, 12)));
    expect(feed.getState().items).toHaveLength(24);

    for (const next of [
      { ...all, q: '선거' },
      { ...all, q: '선거', sort: 'POPULAR' as const },
      { continent: 'JP' as const, sort: 'POPULAR' as const, q: '선거' },
    ]) {
      feed.show(next);
      expect(feed.getState()).toMatchObject({ status: 'loading', items: [], cursor: null, hasMore: false });
      const call = calls.at(-1)!;
      expect(call).toMatchObject({ query: next, cursor: null });
      await call.answer(page([7, 5, 3]));
      expect(feed.getState().items.map((n) => n.id)).toEqual([7, 5, 3]);
    }
  });

  it('the same query again keeps the list, unless forced (the same search submitted again)', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show(all);
    await calls[0]!.answer(page([3, 2, 1]));
    feed.show({ ...all });
    expect(calls).toHaveLength(1);
    feed.show({ ...all }, true);
    expect(calls).toHaveLength(2);
    expect(feed.getState().status).toBe('loading');
  });

  it('ignores an outdated answer: a slow first page of the previous search never replaces the new one', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show({ ...all, q: '기후' });
    feed.show({ ...all, q: '선거' });
    await calls[1]!.answer(page([20, 19]));
    await calls[0]!.answer(page([99, 98, 97]));
    expect(feed.getState()).toMatchObject({ key: 'all|LATEST|선거', status: 'ready' });
    expect(feed.getState().items.map((n) => n.id)).toEqual([20, 19]);
  });

  it('ignores a 더보기 answer that arrives after the list was reset, and a failure of an outdated request', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show(all);
    await calls[0]!.answer(page(ids(100, 12)));
    feed.more();
    feed.show({ ...all, continent: 'KR' });
    await calls[1]!.answer(page(ids(88, 12)));
    expect(feed.getState()).toMatchObject({ status: 'loading', items: [] });
    feed.show({ ...all, continent: 'CN' });
    await calls[2]!.fail();
    expect(feed.getState().status).toBe('loading');
    await calls[3]!.answer(page([1]));
    expect(feed.getState()).toMatchObject({ status: 'ready', hasMore: false });
    expect(feed.getState().items.map((n) => n.id)).toEqual([1]);
  });

  it('skips items already shown when a page overlaps (a like moved one between requests)', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show({ ...all, sort: 'POPULAR' });
    await calls[0]!.answer(page(ids(100, 12)));
    feed.more();
    await calls[1]!.answer(page([89, 50, 49]));
    expect(feed.getState().items.map((n) => n.id)).toEqual([...ids(100, 12), 50, 49]);
    expect(feed.getState().cursor).toBe(49);
  });

  it('keeps the list on a failed 더보기 and retries the same cursor; a failed first page retries from the start', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    feed.show(all);
    await calls[0]!.fail();
    expect(feed.getState().status).toBe('failed');
    feed.retry();
    expect(calls[1]).toMatchObject({ cursor: null });
    await calls[1]!.answer(page(ids(100, 12)));
    feed.more();
    await calls[2]!.fail();
    expect(feed.getState()).toMatchObject({ status: 'failed-more', cursor: 89 });
    expect(feed.getState().items).toHaveLength(12);
    feed.retry();
    expect(calls[3]).toMatchObject({ cursor: 89 });
    await calls[3]!.answer(page([88]));
    expect(feed.getState().items).toHaveLength(13);
  });

  it('tells its subscribers about every change', async () => {
    const { load, calls } = manualLoader();
    const feed = createNewsFeed(load);
    const seen: string[] = [];
    const stop = feed.subscribe(() => seen.push(feed.getState().status));
    feed.show(all);
    await calls[0]!.answer(page([1]));
    stop();
    feed.show({ ...all, q: 'x' });
    expect(seen).toEqual(['loading', 'ready']);
  });
});
