import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HomePage } from '../../src/features/home/HomePage';
import { NewsPage } from '../../src/features/news/NewsPage';
import { ScrollTopButton } from '../../src/features/news/ScrollTopButton';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { freshCache } from '../support/fresh-cache';
import { livesAt, startNewsServer } from './news-server';

// The real screens against a real local HTTP server (test/news/news-server.ts).
let server: Awaited<ReturnType<typeof startNewsServer>>;

beforeAll(async () => {
  server = await startNewsServer();
  livesAt(`${server.origin}/main`);
  setTokens('access', 'refresh');
});
afterAll(async () => {
  clearAuth();
  await server.stop();
});
afterEach(() => {
  cleanup();
  server.received.length = 0;
});

function at(path: string, ui: React.ReactNode) {
  const [pathname, search = ''] = path.split('?');
  const memory = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {ui}
    </Router>,
    { wrapper: freshCache() },
  );
  return memory;
}

describe('home', () => {
  it('shows the ranking as one featured article and a grid of nine, and keeps the debate tab', async () => {
    at('/main', <HomePage />);
    const top = await screen.findByRole('list', { name: '뉴스 TOP 10' });
    await waitFor(() => expect(within(top).getAllByRole('article')).toHaveLength(10));
    const [featured, ...grid] = within(top).getAllByRole('article');
    expect(within(featured!).getByRole('heading', { level: 3 }).textContent).toBe('뉴스 10');
    expect(within(featured!).getByText('리드')).toBeTruthy();
    expect(grid.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1].map((id) => `/news/${id}`),
    );
    expect(screen.getByRole('link', { name: /뉴스 더보기/ }).getAttribute('href')).toBe('/news?continent=all');

    fireEvent.click(screen.getByRole('tab', { name: '토론 TOP 10' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('home-tab-debates');
    expect(screen.queryByRole('list', { name: '뉴스 TOP 10' })).toBeNull();
  });
});

describe('news list', () => {
  it('pages with 더보기 until a short page, then hides it', async () => {
    at('/news?continent=all', <NewsPage />);
    const list = await screen.findByRole('list', { name: '뉴스 목록' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(24));
    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: '더보기' })).toBeNull();
    expect(server.received.map((r) => r.query.cursor ?? null)).toEqual([null, '19', '7']);
  });

  it('a sort tab or a search changes the address and starts the list over', async () => {
    const memory = at('/news?continent=KR', <NewsPage />);
    await screen.findByRole('list', { name: '뉴스 목록' });
    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    await waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThan(12));

    fireEvent.click(screen.getByRole('tab', { name: '인기순' }));
    expect(memory.history.at(-1)).toBe('/news?continent=KR&sort=POPULAR');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: '뉴스 목록' })).getAllByRole('listitem')).toHaveLength(12),
    );

    const box = screen.getByRole('searchbox', { name: '뉴스 검색' });
    expect(box.getAttribute('placeholder')).toBe('검색...');
    fireEvent.change(box, { target: { value: ' 선거 ' } });
    fireEvent.submit(box.closest('form')!);
    expect(memory.history.at(-1)).toBe('/news?continent=KR&sort=POPULAR&q=%EC%84%A0%EA%B1%B0');
    await screen.findByText('‘선거’');
    await waitFor(() => expect(server.received.at(-1)?.query).toEqual({ sort: 'POPULAR', q: '선거', continent: 'KR' }));
  });
});

describe('scroll-to-top button', () => {
  it('appears only after more than 200 px of scrolling', async () => {
    render(<ScrollTopButton focusTarget={() => null} />);
    const scrollTo = async (y: number) => {
      await act(async () => {
        window.scrollY = y;
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      });
    };
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
    await scrollTo(200);
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
    await scrollTo(201);
    expect(screen.getByRole('button', { name: '맨 위로' })).toBeTruthy();
    await scrollTo(40);
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
  });
});
