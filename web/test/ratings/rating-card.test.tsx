import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RatingCard } from '../../src/features/user-page/RatingCard';
import { freshCache } from '../support/fresh-cache';

const history = [
  {
    roomId: 'a',
    title: '기본소득 도입',
    ratedAt: '2026-11-01T03:00:00.000Z',
    outcome: 'WIN',
    rating: 1662,
    change: 162,
  },
  {
    roomId: 'b',
    title: '원자력 확대',
    ratedAt: '2026-11-02T03:00:00.000Z',
    outcome: 'LOSS',
    rating: 1590,
    change: -72,
  },
  { roomId: 'c', title: '주 4일제', ratedAt: '2026-11-03T03:00:00.000Z', outcome: 'DRAW', rating: 1584, change: -6 },
];
let answer: unknown;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      asked.push(url.pathname);
      return new Response(JSON.stringify({ status: '성공', message: null, data: answer }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the profile’s rating card', () => {
  it('shows a provisional rating with "?" and 잠정, and the history as an accessible chart and list', async () => {
    answer = { userId: 7, rating: 1584, ratingDeviation: 210, provisional: true, ratedDebates: 3, history };
    render(<RatingCard userId={7} />, { wrapper: freshCache() });
    const card = await screen.findByRole('region', { name: '레이팅' });
    expect(asked).toEqual(['/api/ratings/users/7']);
    await waitFor(() => expect(within(card).getByText('잠정')).toBeTruthy());
    expect(within(card).getByTitle('잠정 레이팅').textContent).toBe('1584? (잠정)');
    // The three rated debates include a draw, so they are not all "승패가 난".
    expect(within(card).getByText(/레이팅에 반영된 토론 3번/).textContent).toContain('랭킹에 올라요');
    expect(within(card).queryByText(/승패가 난/)).toBeNull();
    const chart = within(card).getByRole('img');
    // No particle after a number: 에서 … 까지 reads right after every rating, where (으)로 left the choice open.
    expect(chart.getAttribute('aria-label')).toBe('레이팅 기록: 최근 토론 3번 동안 1500에서 1584까지');
    // A starting dot and one per debate; each dot names its debate.
    const dots = chart.querySelectorAll('circle');
    expect(dots).toHaveLength(4);
    expect(dots[1]!.querySelector('title')!.textContent).toBe('2026년 11월 1일 · 기본소득 도입 · 승 · 1662 (+162)');
    const rows = within(card).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '무주 4일제2026년 11월 3일1584−6레이팅 6점 내렸어요',
      '패원자력 확대2026년 11월 2일1590−72레이팅 72점 내렸어요',
      '승기본소득 도입2026년 11월 1일1662+162레이팅 162점 올랐어요',
    ]);
  });

  it('shows an established rating without "?" and a member without rated debates without a chart', async () => {
    answer = { userId: 8, rating: 1623, ratingDeviation: 120, provisional: false, ratedDebates: 14, history };
    const { unmount } = render(<RatingCard userId={8} />, { wrapper: freshCache() });
    const rating = await screen.findByText('1623');
    expect(rating.textContent).toBe('1623');
    expect(screen.queryByText('잠정')).toBeNull();
    unmount();
    answer = { userId: 9, rating: 1500, ratingDeviation: 350, provisional: true, ratedDebates: 0, history: [] };
    render(<RatingCard userId={9} />, { wrapper: freshCache() });
    expect(await screen.findByText('아직 레이팅에 반영된 토론이 없어요.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
