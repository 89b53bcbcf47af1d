import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewDebatePage } from '../../src/features/debate-zone/NewDebatePage';
import { freshCache } from '../support/fresh-cache';

let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL, init?: RequestInit) => {
      if (url.pathname === '/api/news/7') {
        return new Response(
          JSON.stringify({
            status: '성공',
            data: {
              title: '정부, 기본소득 시범사업 발표',
              link: 'x',
              continent: 'KR',
              category: 'EC',
              like: 0,
              mark: 0,
              liked: false,
              marked: false,
            },
          }),
        );
      }
      if (url.pathname === '/api/chat/create') {
        posted.push(JSON.parse(init?.body as string));
        return new Response(JSON.stringify({ status: '성공', data: 'room-uuid' }), { status: 201 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const pick = (group: string, name: string) =>
  fireEvent.click(within(screen.getByRole('group', { name: group })).getByRole('button', { name }));
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });

describe('NewDebatePage', () => {
  it('enables 생성 after all nine steps, shows counters and total time, opens the room with the stance', async () => {
    window.history.replaceState(null, '', '/debate-zone/new-debate');
    render(<NewDebatePage />, { wrapper: freshCache() });
    await settle();
    const create = screen.getByRole<HTMLButtonElement>('button', { name: '생성' });
    expect(create.disabled).toBe(true);
    // 30 s per turn and 3 turns are chosen already (docs/product-rules.md#rooms); 기타 is offered.
    expect(screen.getByText('9단계 중 2단계 완료')).toBeTruthy();
    const chosen = (group: string) =>
      within(screen.getByRole('group', { name: group }))
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    expect(chosen('발언 시간')).toEqual(['30초']);
    expect(chosen('발언 횟수')).toEqual(['3회']);
    expect(screen.getByText('3분')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: '카테고리' })).getByRole('button', { name: '기타' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('토론 주제'), { target: { value: '가'.repeat(40) } });
    expect(screen.getAllByText('30/30')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('토론방 설명'), { target: { value: '찬반 토론' } });
    pick('대륙', '유럽');
    pick('카테고리', '정치');
    pick('참가 인원', '3:3');
    pick('나의 입장', '반대');
    expect(create.disabled).toBe(true);
    pick('승패 결정', '승패 없음');
    pick('발언 시간', '90초');
    expect(screen.getByText('9분')).toBeTruthy();
    pick('발언 시간', '90초');
    expect(screen.getByText('발언 시간과 횟수를 골라 주세요')).toBeTruthy();
    expect(create.disabled).toBe(true);
    pick('발언 시간', '90초');
    pick('발언 횟수', '5회');
    expect(screen.getByText('15분')).toBeTruthy();
    expect(screen.getByText('9단계 중 9단계 완료')).toBeTruthy();
    expect(create.disabled).toBe(false);
    pick('발언 횟수', '5회');
    expect(create.disabled).toBe(true);
    expect(screen.getByText('9단계 중 8단계 완료')).toBeTruthy();
    pick('발언 횟수', '3회');

    fireEvent.click(create);
    await settle();
    expect(posted).toEqual([
      {
        title: '가'.repeat(30),
        description: '찬반 토론',
        memberNumber: 'T2',
        category: 'PO',
        time: 'T9',
        continent: 'EU',
        speakCount: 'THREE',
        resultEnabled: false,
      },
    ]);
    expect(window.location.pathname).toBe('/debate-zone/room-uuid');
    expect(window.history.state).toEqual({ stance: 'CON' });
  });

  it('from a news item: topic, continent and category from the article, a link back, newsId and newsUrl', async () => {
    window.history.replaceState(null, '', '/debate-zone/new-debate?id=7');
    render(<NewDebatePage />, { wrapper: freshCache() });
    await settle();
    expect(screen.getByRole('link', { name: '정부, 기본소득 시범사업 발표' }).getAttribute('href')).toBe('/news/7');
    expect(screen.queryByRole('group', { name: '대륙' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('토론 주제').value).toBe('정부, 기본소득 시범사업 발표');
    expect(
      within(screen.getByRole('group', { name: '카테고리' }))
        .getByRole('button', { name: '경제' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // Topic, continent, category, time and count.
    expect(screen.getByText('9단계 중 5단계 완료')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('토론방 설명'), { target: { value: '시범사업' } });
    pick('참가 인원', '1:1');
    pick('나의 입장', '찬성');
    pick('승패 결정', '승패 결정');
    fireEvent.click(screen.getByRole('button', { name: '생성' }));
    await settle();
    expect(posted[0]).toMatchObject({
      title: '정부, 기본소득 시범사업 발표',
      category: 'EC',
      continent: 'KR',
      time: 'T3',
      speakCount: 'THREE',
      newsId: 7,
      newsUrl: '/news/7',
      resultEnabled: true,
    });
    expect(window.history.state).toEqual({ stance: 'PRO' });
  });
});
