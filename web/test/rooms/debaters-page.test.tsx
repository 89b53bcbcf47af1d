import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebatersPage } from '../../src/features/debaters/DebatersPage';
import { freshCache } from '../support/fresh-cache';

const people = ['김민지', '윤유나', '박서연', '최도윤', '정하은'].map((nickname, i) => ({
  userId: i + 1,
  nickname,
  profile: null,
  introduction: `${nickname} 소개`,
  totalFollowers: 5 - i,
  totalFollowees: i,
  wins: null,
  draws: 1,
  losses: 2,
  rating: 1700 - i * 37,
  ratingDeviation: 90,
}));
let queries: Array<string | null> = [];

beforeEach(() => {
  vi.useFakeTimers();
  queries = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      const query = url.searchParams.get('query');
      queries.push(query);
      return new Response(
        JSON.stringify({
          status: '성공',
          message: null,
          data: people.filter((p) => !query || p.nickname.includes(query)),
        }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('DebatersPage', () => {
  it('7 skeleton rows for about a second, then medal cards and the list; searches 1 s after typing', async () => {
    render(<DebatersPage />, { wrapper: freshCache() });
    await wait(500);
    expect(screen.getAllByTestId('ranking-skeleton-row')).toHaveLength(7);
    expect(queries).toEqual([null]);
    await wait(510);
    expect(screen.queryAllByTestId('ranking-skeleton-row')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'TOP 3 토론자' })).toBeTruthy();
    expect(screen.getByText('금메달')).toBeTruthy();
    expect(screen.getByText('은메달')).toBeTruthy();
    expect(screen.getByText('동메달')).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/user-page/1',
      '/user-page/2',
      '/user-page/3',
      '/user-page/4',
      '/user-page/5',
    ]);
    expect(screen.getAllByText('0승 1무 2패')).toHaveLength(5);
    // Each entry shows its rating beside the record; ranked ratings are never provisional.
    expect(screen.getAllByText(/^레이팅$/)).toHaveLength(5);
    for (const rating of ['1700', '1663', '1626', '1589', '1552']) expect(screen.getByText(rating)).toBeTruthy();
    expect(screen.queryByText('?')).toBeNull();
    // The page says how the order is made.
    expect(screen.getByText('결과가 난 토론(무승부 포함)으로 매긴 레이팅이 높은 순서예요.')).toBeTruthy();
    expect(screen.getByText('랭킹은 이렇게 정해져요')).toBeTruthy();
    expect(screen.getByText(/레이팅 편차 160 미만/)).toBeTruthy();

    const box = screen.getByPlaceholderText('검색...');
    fireEvent.change(box, { target: { value: '최' } });
    await wait(600);
    fireEvent.change(box, { target: { value: '최도' } });
    await wait(999);
    expect(queries).toEqual([null]);
    await wait(1);
    expect(queries).toEqual([null, '최도']);
    await wait(1000);
    expect(screen.queryByRole('heading', { name: 'TOP 3 토론자' })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('최도윤')).toBeTruthy();

    fireEvent.change(box, { target: { value: '홍길동' } });
    // React renders between the two waits (inside one act it would render only at the end): the
    // search goes out after the 1000 ms pause, its answer shows after the skeleton's second.
    await wait(1000);
    expect(queries.at(-1)).toBe('홍길동');
    await wait(1100);
    expect(screen.getByText('홍길동에 해당하는 사용자 정보가 없습니다')).toBeTruthy();
  });
});
