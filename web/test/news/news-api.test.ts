import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookmarkNews,
  fetchNewsDetail,
  fetchNewsPage,
  likeNews,
  unbookmarkNews,
  unlikeNews,
} from '../../src/features/news/news-api';
import { reactionAction } from '../../src/features/news/reactions';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { livesAt, startNewsServer } from './news-server';

let server: Awaited<ReturnType<typeof startNewsServer>>;

beforeAll(async () => {
  server = await startNewsServer();
  livesAt(`${server.origin}/news`);
  setTokens('access', 'refresh');
});
afterAll(async () => {
  clearAuth();
  await server.stop();
});
beforeEach(() => {
  server.received.length = 0;
});

describe('news calls', () => {
  it('sends sort and search, never continent "all", and the cursor only after the first page', async () => {
    const first = await fetchNewsPage({ continent: 'all', sort: 'POPULAR', q: '선거' }, null);
    expect(server.received[0]?.query).toEqual({ sort: 'POPULAR', q: '선거' });
    expect(first.items).toHaveLength(12);
    expect(first.items[0]).toMatchObject({
      id: 30,
      title: '뉴스 30',
      lead: '리드',
      publisher: 'HANI',
      likes: 0,
      continent: 'KR',
    });
    expect(first.hasMore).toBe(true);

    await fetchNewsPage({ continent: 'JP', sort: 'LATEST', q: '' }, first.items.at(-1)!.id);
    expect(server.received[1]?.query).toEqual({ sort: 'LATEST', continent: 'JP', cursor: '19' });
  });

  it('a page shorter than 12 is the last one', async () => {
    const last = await fetchNewsPage({ continent: 'all', sort: 'LATEST', q: '' }, 7);
    expect(last.items.map((n) => n.id)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(last.hasMore).toBe(false);
  });

  it('reads the detail with my like and bookmark state, sending my id', async () => {
    const detail = await fetchNewsDetail(7, 3);
    expect(server.received[0]).toMatchObject({ path: '/api/news/7', query: { userId: '3' } });
    expect(detail).toMatchObject({
      id: 7,
      link: 'http://x/news-articles/7',
      continent: 'EU',
      likes: 4,
      bookmarks: 1,
      liked: false,
      bookmarked: false,
      publisher: 'SEGYE',
    });
  });
});

describe('like and bookmark toggles', () => {
  it('a click adds what is off and takes back what is on', () => {
    expect(reactionAction('like', { liked: false, bookmarked: true })).toBe(likeNews);
    expect(reactionAction('like', { liked: true, bookmarked: false })).toBe(unlikeNews);
    expect(reactionAction('bookmark', { liked: true, bookmarked: false })).toBe(bookmarkNews);
    expect(reactionAction('bookmark', { liked: false, bookmarked: true })).toBe(unbookmarkNews);
  });
});
