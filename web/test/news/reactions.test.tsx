import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { NewsPage } from '../../src/features/news/news-api';
import { NewsDetailPage } from '../../src/features/news/NewsDetailPage';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import type { NewsItem } from '../../src/lib/news-item';
import { createQueryClient, queryKeys, type InfiniteData, type QueryClient } from '../../src/lib/server-data';
import { clearUser, setUser } from '../../src/lib/user-store';
import { freshCache } from '../support/fresh-cache';
import { livesAt, startNewsServer } from './news-server';

// A like or a bookmark on the real detail screen against the real local news server: the article
// is read again for the server's counts, and exactly the cached data that shows it is marked stale.
let server: Awaited<ReturnType<typeof startNewsServer>>;
const ME = 3;

beforeAll(async () => {
  server = await startNewsServer();
  livesAt(`${server.origin}/news/7`);
  setTokens('access', 'refresh');
  setUser({ userId: ME, nickname: '나', role: 'ROLE_MEMBER' });
});
afterAll(async () => {
  clearAuth();
  clearUser();
  await server.stop();
});
afterEach(() => {
  cleanup();
  server.received.length = 0;
});

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
const pages = (...idLists: number[][]): InfiniteData<NewsPage> => ({
  pages: idLists.map((ids) => ({ items: ids.map(item), hasMore: false })),
  pageParams: idLists.map((_, i) => (i === 0 ? null : i)),
});

/** A cache that already holds what other screens loaded earlier. */
function seeded(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(queryKeys.users.saved('likes', ME), []);
  client.setQueryData(queryKeys.users.saved('bookmarks', ME), []);
  client.setQueryData(queryKeys.news.ranking(), [item(9), item(8)]);
  client.setQueryData(queryKeys.news.list('POPULAR', 'all', ''), pages([9, 8]));
  client.setQueryData(queryKeys.news.list('LATEST', 'EU', ''), pages([9], [7]));
  client.setQueryData(queryKeys.news.list('LATEST', 'KR', ''), pages([1, 2]));
  client.setQueryData(queryKeys.news.detail(8, ME), { id: 8 });
  client.setQueryData(queryKeys.users.profile(ME), { id: ME });
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

function showArticle(client: QueryClient) {
  render(
    <Router hook={memoryLocation({ path: '/news/7' }).hook}>
      <Route path="/news/:newsId">
        <NewsDetailPage />
      </Route>
    </Router>,
    { wrapper: freshCache(client) },
  );
}
const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const reads = () =>
  server.received.map((r) => `${r.method} ${r.path}`).filter((line) => line === 'GET /api/news/7').length;

describe('like and bookmark', () => {
  it('a like shows the server count; marks article, my likes, ranking, popular and holding lists stale', async () => {
    const client = seeded();
    showArticle(client);
    await waitFor(() => expect(toggle('좋아요').textContent).toContain('4'));
    fireEvent.click(toggle('좋아요'));
    // Both toggles wait (focusable, clicks ignored) while the like is sent and the article read again.
    await waitFor(() => expect(toggle('저장').getAttribute('aria-disabled')).toBe('true'));
    await waitFor(() => expect(toggle('좋아요').getAttribute('aria-pressed')).toBe('true'));
    expect(toggle('좋아요').textContent).toContain('5');
    expect(toggle('저장').getAttribute('aria-disabled')).toBeNull();
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/news/7',
      'POST /api/news/7/like',
      'GET /api/news/7',
    ]);

    expect(stale(client, queryKeys.users.saved('likes', ME))).toBe(true);
    expect(stale(client, queryKeys.news.ranking())).toBe(true);
    expect(stale(client, queryKeys.news.list('POPULAR', 'all', ''))).toBe(true);
    expect(stale(client, queryKeys.news.list('LATEST', 'EU', ''))).toBe(true);
    expect(stale(client, queryKeys.users.saved('bookmarks', ME))).toBe(false);
    expect(stale(client, queryKeys.news.list('LATEST', 'KR', ''))).toBe(false);
    expect(stale(client, queryKeys.news.detail(8, ME))).toBe(false);
    expect(stale(client, queryKeys.users.profile(ME))).toBe(false);

    fireEvent.click(toggle('좋아요'));
    await waitFor(() => expect(toggle('좋아요').getAttribute('aria-pressed')).toBe('false'));
    expect(toggle('좋아요').textContent).toContain('4');
    expect(reads()).toBe(3);
  });

  it('a bookmark marks the article, my saved list and lists holding it stale, not the liked list', async () => {
    server.state.marked = false;
    const client = seeded();
    client.setQueryData(queryKeys.news.ranking(), [item(7)]);
    showArticle(client);
    await waitFor(() => expect(toggle('저장').getAttribute('aria-pressed')).toBe('false'));
    const before = toggle('저장').textContent;
    fireEvent.click(toggle('저장'));
    await waitFor(() => expect(toggle('저장').getAttribute('aria-pressed')).toBe('true'));
    expect(toggle('저장').textContent).not.toBe(before);
    expect(reads()).toBe(2);

    expect(stale(client, queryKeys.users.saved('bookmarks', ME))).toBe(true);
    expect(stale(client, queryKeys.news.ranking())).toBe(true);
    expect(stale(client, queryKeys.news.list('LATEST', 'EU', ''))).toBe(true);
    expect(stale(client, queryKeys.users.saved('likes', ME))).toBe(false);
    expect(stale(client, queryKeys.news.list('POPULAR', 'all', ''))).toBe(false);
    expect(stale(client, queryKeys.news.list('LATEST', 'KR', ''))).toBe(false);
  });
});
