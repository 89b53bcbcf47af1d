import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NotificationPanel } from '../../src/features/notifications/NotificationPanel';
import { listOf } from '../../src/features/notifications/notification-list';
import type { PushState } from '../../src/features/notifications/push-registration';
import type { NotificationsModel } from '../../src/features/notifications/use-notifications';
import { freshCache } from '../support/fresh-cache';

class NoObserver {
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', NoObserver);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: '성공', message: null, data: { nickname: '팔로워' } }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function model(ids: number[]): NotificationsModel {
  const page = {
    unreadCount: ids.length,
    notifications: {
      content: ids.map((id) => ({
        id,
        notificationType: 'FOLLOW' as const,
        typeId: 7,
        content: '',
        statusType: 'UNREAD' as const,
        createdAt: '2026-11-24T10:00:00.000Z',
        updatedAt: '2026-11-24T10:00:00.000Z',
      })),
      pageable: { pageNumber: 0 },
      totalPages: 1,
    },
  };
  return {
    list: listOf({ pages: [page], pageParams: [1] }),
    status: 'ready',
    loadingMore: false,
    loadMore: vi.fn(),
    refresh: vi.fn(),
    readOne: vi.fn(),
    readAll: vi.fn(),
    removeOne: vi.fn(),
    removeAll: vi.fn(),
  };
}

const renderPanel = (m: NotificationsModel, push: PushState, onAskDelete = vi.fn(), enable = vi.fn()) =>
  render(
    <Router hook={memoryLocation({ path: '/main' }).hook}>
      <NotificationPanel
        model={m}
        push={push}
        enablePush={{ run: enable, busy: false }}
        onClose={vi.fn()}
        onAskDelete={onAskDelete}
      />
    </Router>,
    { wrapper: freshCache() },
  );
const GUIDE = '브라우저별 알림 권한 재설정 방법';

describe('NotificationPanel', () => {
  it('shows the empty text and no bulk actions without notifications', () => {
    renderPanel(model([]), 'on');
    expect(screen.getByRole('heading', { name: '알림' })).toBeTruthy();
    expect(screen.getByText('알림이 없습니다')).toBeTruthy();
    // The focus is in the panel once it opens.
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: '알림' }));
    expect(screen.queryByRole('button', { name: '모두 읽기' })).toBeNull();
    expect(screen.queryByRole('button', { name: '모두 삭제' })).toBeNull();
  });

  it('lists items with 프로필 확인, bulk actions, and asks before deleting', async () => {
    const m = model([2, 1]);
    const ask = vi.fn();
    renderPanel(m, 'on', ask);
    await act(async () => {});
    expect(screen.getAllByRole('link', { name: '프로필 확인' })[0]?.getAttribute('href')).toBe('/user-page/7');
    expect(screen.getAllByText('팔로워님이 회원님을 팔로우합니다.')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '모두 읽기' }));
    expect(m.readAll).toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: '알림 삭제' })[0]!);
    expect(ask).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: '모두 삭제' }));
    expect(ask).toHaveBeenCalledWith(null);
  });

  it('once the browser has blocked push, shows the permission guide beside the list, not instead of it', () => {
    renderPanel(model([1]), 'blocked');
    expect(screen.getByRole('heading', { name: GUIDE })).toBeTruthy();
    expect(screen.getByText('권한을 허용하신 후 재로그인을 하셔야 알림 서비스 이용이 가능합니다.')).toBeTruthy();
    expect(screen.getByRole('list', { name: '알림 목록' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '알림 켜기' })).toBeNull();
  });

  it('while push is not granted yet, offers 알림 켜기 instead of the browser instructions', () => {
    const enable = vi.fn();
    renderPanel(model([1]), 'off', vi.fn(), enable);
    fireEvent.click(screen.getByRole('button', { name: '알림 켜기' }));
    expect(enable).toHaveBeenCalledOnce();
    expect(screen.queryByRole('heading', { name: GUIDE })).toBeNull();
    expect(screen.getByRole('list', { name: '알림 목록' })).toBeTruthy();
  });

  it('with push on, offers neither', () => {
    renderPanel(model([1]), 'on');
    expect(screen.queryByRole('button', { name: '알림 켜기' })).toBeNull();
    expect(screen.queryByRole('heading', { name: GUIDE })).toBeNull();
  });
});
