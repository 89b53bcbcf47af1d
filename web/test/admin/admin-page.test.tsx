import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminPage } from '../../src/features/admin/AdminPage';
import { refusal } from '../support/fake-api';
import { freshCache } from '../support/fresh-cache';

const rows = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  nickname: '신고자',
  targetNickname: `대상${i + 1}`,
  reportType: i === 0 ? '도배' : '욕설/인신공격',
  reportTypeCode: i === 0 ? 'FLOODING' : 'CUSS',
  reportResult: i < 6 ? '미처리' : '경고',
  status: i < 6 ? '미처리' : '처리 완료',
  createdAt: '2026-11-21 15:05',
  reportedAt: i < 6 ? null : '2026-11-21 16:00',
  handlerNickname: i < 6 ? null : '운영자',
}));
const calls: string[] = [];
/** While set, the report list is refused. */
let listRefused = false;
/** Look-alike nickname groups the server lists, and the staff renames it received. */
let collisions: { users: { id: number; nickname: string; role: string; profileUrl: string | null }[] }[] = [];
const renames: { path: string; body: string }[] = [];
const ok = (data: unknown) => new Response(JSON.stringify({ status: '성공', message: null, data }));

beforeEach(() => {
  vi.useFakeTimers();
  listRefused = false;
  calls.length = 0;
  renames.length = 0;
  collisions = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      if (url.pathname === '/api/admin/nickname-collisions') return ok({ collisions });
      if (url.pathname.startsWith('/api/admin/users/')) {
        renames.push({ path: url.pathname, body: init?.body as string });
        collisions = [];
        return ok({ id: 9, nickname: '민지둘' });
      }
      calls.push(url.searchParams.get('q') ?? '');
      if (listRefused) return refusal(403);
      return new Response(
        JSON.stringify({
          status: '성공',
          message: null,
          data: { content: rows.filter((r) => r.targetNickname.includes(url.searchParams.get('q') ?? '')) },
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

const settle = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(50);
  });

describe('AdminPage', () => {
  it('says when the list failed to load and loads it again on 다시 시도', async () => {
    listRefused = true;
    render(<AdminPage />, { wrapper: freshCache() });
    await settle();
    expect(screen.getByText('신고 목록을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.')).toBeTruthy();
    listRefused = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await settle();
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('shows 5 rows per page, filters by chip (a second click clears), debounces search by 100 ms', async () => {
    render(<AdminPage />, { wrapper: freshCache() });
    await settle();
    expect(screen.getByRole('heading', { name: '신고 목록' })).toBeTruthy();
    const table = () => screen.getAllByRole('row').length - 1;
    expect(table()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: '2페이지' }));
    expect(table()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '도배' }));
    expect(table()).toBe(1);
    expect(screen.getByRole('button', { name: '도배' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '도배' }));
    expect(table()).toBe(5);

    const box = screen.getByPlaceholderText('신고당한 사용자 이름으로 검색');
    fireEvent.change(box, { target: { value: '대' } });
    fireEvent.change(box, { target: { value: '대상3' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(90);
    });
    expect(calls).toEqual(['']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    await settle();
    expect(calls).toEqual(['', '대상3']);
    expect(table()).toBe(1);

    fireEvent.click(screen.getByRole('tab', { name: '처리 완료' }));
    fireEvent.change(box, { target: { value: '' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    expect(screen.getByText('운영자')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '대상7 신고 변경' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '영구정지' }));
    expect(screen.getByText('신고 내역이 없습니다')).toBeTruthy();
  });

  it('lists look-alike nicknames for staff, renames one side, and hides the list once none are left', async () => {
    collisions = [
      {
        users: [
          { id: 2, nickname: '김민지', role: 'ROLE_MEMBER', profileUrl: null },
          { id: 9, nickname: '김민지'.normalize('NFD'), role: 'ROLE_MEMBER', profileUrl: null },
        ],
      },
    ];
    render(<AdminPage />, { wrapper: freshCache() });
    await settle();
    expect(screen.getByRole('heading', { name: '서로 비슷해 보이는 닉네임 1묶음' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '닉네임 변경' })[1]!);
    fireEvent.change(screen.getByLabelText('새 닉네임'), { target: { value: '민지둘' } });
    fireEvent.click(screen.getByRole('button', { name: '변경' }));
    await settle();
    expect(renames).toEqual([{ path: '/api/admin/users/9/nickname', body: JSON.stringify({ nickname: '민지둘' }) }]);
    await settle();
    expect(screen.queryByRole('heading', { name: /비슷해 보이는 닉네임/ })).toBeNull();
  });
});
