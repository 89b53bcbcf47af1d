import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebateRoomsPage } from '../../src/features/debate-rooms/DebateRoomsPage';
import { RoomCard } from '../../src/features/debate-rooms/RoomCard';
import { SilentSocket } from './silent-socket';
import { freshCache } from '../support/fresh-cache';

const room = (uuid: string, title: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  title,
  description: '설명',
  categoryType: 'SO',
  continentType: 'EU',
  memberNumberType: 1,
  timeType: 30,
  speakCountType: 3,
  proUsers: [],
  conUsers: [],
  ...extra,
});
let calls: URLSearchParams[] = [];
let totalPages = 1;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  totalPages = 1;
  SilentSocket.opened = [];
  vi.stubGlobal('WebSocket', SilentSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL) => {
      calls.push(url.searchParams);
      const q = url.searchParams.get('q') ?? '';
      const content = [room('a', '사내 낮잠 시간 도입'), room('b', '주 4일제 도입')].filter((r) => r.title.includes(q));
      return new Response(JSON.stringify({ status: '성공', message: null, data: { content, totalPages } }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const settle = (ms = 50) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
const chip = (name: string) => screen.getByRole('button', { name });
const filterButton = () => screen.getByRole('button', { name: /^필터/ });

/** Unfolds the filter chips under the toolbar (folded when the page opens, so the rooms come first). */
const openFilters = () => {
  expect(screen.queryByRole('group', { name: '대륙' })).toBeNull();
  fireEvent.click(filterButton());
  expect(filterButton().getAttribute('aria-expanded')).toBe('true');
};

describe('DebateRoomsPage', () => {
  it('joinable: chips one per group, cleared by a second click; each filter change is a new handshake', async () => {
    render(<DebateRoomsPage />, { wrapper: freshCache() });
    await settle();
    expect(SilentSocket.opened.at(-1)).toMatch(/\/room-list\/filtered\?continent=&category=&member=$/);
    openFilters();
    fireEvent.click(chip('유럽'));
    fireEvent.click(chip('한국'));
    expect(chip('한국').getAttribute('aria-pressed')).toBe('true');
    expect(chip('유럽').getAttribute('aria-pressed')).toBe('false');
    await settle();
    expect(SilentSocket.opened.at(-1)).toMatch(/continent=KR&category=&member=$/);
    fireEvent.click(chip('한국'));
    expect(chip('한국').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chip('3:3'));
    fireEvent.click(chip('IT'));
    await settle();
    expect(SilentSocket.opened.at(-1)).toMatch(/continent=&category=IT&member=T2$/);
    fireEvent.click(screen.getAllByRole('button', { name: '필터 초기화' })[0]!);
    expect(chip('IT').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getAllByRole('button', { name: /최신순|임박순|인기순/ }).map((b) => b.textContent)).toEqual([
      '최신순',
      '임박순',
      '인기순',
    ]);
  });

  it('finished: the toggle clears filters, 500 ms search debounce, pager only beyond one page', async () => {
    render(<DebateRoomsPage />, { wrapper: freshCache() });
    openFilters();
    fireEvent.click(chip('경제'));
    fireEvent.click(screen.getByRole('tab', { name: '종료' }));
    await settle();
    expect(chip('경제').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: '임박순' })).toBeNull();
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!)).toEqual({
      q: '',
      continent: '',
      category: '',
      member: '',
      p: '1',
      sort: 'recent',
    });
    expect(screen.getAllByRole('button', { name: '보러가기' })).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: '종료된 토론방 페이지' })).toBeNull();

    const box = screen.getByPlaceholderText('찾으시는 토론방 키워드를 검색하세요');
    fireEvent.change(box, { target: { value: '낮' } });
    await settle(300);
    fireEvent.change(box, { target: { value: '낮잠' } });
    await settle(450);
    expect(calls).toHaveLength(1);
    await settle(60);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.get('q')).toBe('낮잠');
    expect(screen.getAllByRole('button', { name: '보러가기' })).toHaveLength(1);

    fireEvent.change(box, { target: { value: '없는 주제' } });
    await settle(600);
    expect(screen.getByText('‘없는 주제’에 해당하는 토론방이 없습니다')).toBeTruthy();

    totalPages = 3;
    fireEvent.click(chip('인기순'));
    await settle();
    expect(calls.at(-1)!.get('sort')).toBe('popular');
    const pager = screen.getByRole('navigation', { name: '종료된 토론방 페이지' });
    fireEvent.click(pager.querySelector('[aria-label="2페이지"]')!);
    await settle();
    expect(calls.at(-1)!.get('p')).toBe('2');
  });
});

describe('RoomCard', () => {
  it('disables the join button of a full side and labels counts, duration and N:N', () => {
    const row = {
      id: 'r',
      title: '토론',
      description: '설명',
      category: 'EC',
      continent: 'KR',
      memberSize: 1,
      secondsPerTurn: 40,
      turnsPerSide: 4,
      pro: 1,
      con: 0,
      outcome: null,
    };
    render(<RoomCard room={row} finished={false} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '찬성' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '반대' }).disabled).toBe(false);
    expect(screen.getByText('찬성 1명, 반대 0명')).toBeTruthy();
    expect(screen.getByText('5분 20초')).toBeTruthy();
    expect(screen.getByText('1:1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '반대' }));
    expect(window.location.pathname).toBe('/debate-zone/r');
    expect(window.history.state).toEqual({ stance: 'CON' });
  });
});
