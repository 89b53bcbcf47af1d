import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NotificationBell } from '../../src/features/notifications/NotificationBell';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { createQueryClient, queryKeys, type QueryClient } from '../../src/lib/server-data';
import { fakeApi, lines, type SeenRequest } from '../support/fake-api';
import { freshCache } from '../support/fresh-cache';

// The bell over a fake API: read and delete show at once, before the server answers, and the
// user's notifications are read back afterwards; nobody else's data is touched.
const ME = 1;
interface Stored {
  id: number;
  statusType: 'UNREAD' | 'READ';
}
let stored: Stored[];
let seen: SeenRequest[];
let release: () => void;

class NoObserver {
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  stored = [
    { id: 2, statusType: 'UNREAD' },
    { id: 1, statusType: 'UNREAD' },
  ];
  vi.stubGlobal('IntersectionObserver', NoObserver);
  seen = fakeApi(async ({ method, path }) => {
    if (method === 'GET' && path === `/api/notifications/${ME}`) {
      return {
        unreadCount: stored.filter((n) => n.statusType === 'UNREAD').length,
        notifications: {
          content: stored.map((n) => ({
            ...n,
            notificationType: 'DEBATE',
            typeId: 0,
            content: `알림 ${n.id}`,
            createdAt: '2026-11-24T10:00:00.000Z',
            updatedAt: '2026-11-24T10:00:00.000Z',
          })),
          pageable: { pageNumber: 0 },
          totalPages: 1,
        },
      };
    }
    // The server takes its time with changes, until the test releases it.
    await new Promise<void>((resolve) => (release = resolve));
    const read = path.match(/^\/api\/notifications\/(\d+)\/read$/);
    if (read) stored = stored.map((n) => (n.id === Number(read[1]) ? { ...n, statusType: 'READ' } : n));
    const removed = path.match(/^\/api\/notifications\/(\d+)\/remove$/);
    if (removed) stored = stored.filter((n) => n.id !== Number(removed[1]));
    return null;
  });
  setTokens('access', 'refresh');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuth();
});

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
const pageReads = () => lines(seen).filter((line) => line === `GET /api/notifications/${ME}`).length;
const bell = () => screen.getByRole('button', { name: /^알림(, 읽지 않은 알림 \d+)?$/ });

describe('notification actions', () => {
  it('read and delete show at once, then the list is read back; other data stays', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.notifications(2), { pages: [], pageParams: [] });
    client.setQueryData(queryKeys.users.profile(ME), { id: ME });
    render(
      <Router hook={memoryLocation({ path: '/main' }).hook}>
        <NotificationBell userId={ME} accessToken={null} />
      </Router>,
      { wrapper: freshCache(client) },
    );
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('알림, 읽지 않은 알림 2'));
    fireEvent.click(bell());
    const list = await screen.findByRole('list', { name: '알림 목록' });
    const reads = pageReads();

    fireEvent.click(within(list).getByRole('button', { name: /알림 2$/ }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('알림, 읽지 않은 알림 1'));
    expect(within(list).getByRole('button', { name: '읽음: 알림 2' })).toBeTruthy();
    expect(lines(seen).at(-1)).toBe('PUT /api/notifications/2/read');
    expect(pageReads()).toBe(reads);
    release();
    await waitFor(() => expect(pageReads()).toBe(reads + 1));

    fireEvent.click(within(list).getAllByRole('button', { name: '알림 삭제' })[1]!);
    fireEvent.click(within(screen.getByRole('dialog', { name: '확인' })).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(within(list).queryByText('알림 1')).toBeNull());
    expect(bell().getAttribute('aria-label')).toBe('알림');
    expect(lines(seen).at(-1)).toBe('DELETE /api/notifications/1/remove');
    release();
    await waitFor(() => expect(pageReads()).toBe(reads + 2));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    expect(stale(client, queryKeys.notifications(2))).toBe(false);
    expect(stale(client, queryKeys.users.profile(ME))).toBe(false);
  });
});
