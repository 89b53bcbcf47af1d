import { describe, expect, it } from 'vitest';
import {
  linkOf,
  listOf,
  messageOf,
  nextPageOf,
  withAllRead,
  withLive,
  withNone,
  withRead,
  withRemoved,
  type NotificationPages,
} from '../../src/features/notifications/notification-list';
import type { NotificationItem, NotificationPage } from '../../src/features/notifications/notifications-api';

const item = (id: number, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  notificationType: 'DEBATE',
  typeId: 1,
  content: `알림 ${id}`,
  statusType: 'UNREAD',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...extra,
});
const page = (pageNumber: number, totalPages: number, ids: number[], unreadCount = ids.length): NotificationPage => ({
  unreadCount,
  notifications: { content: ids.map((id) => item(id)), pageable: { pageNumber }, totalPages },
});

describe('the panel list', () => {
  it('asks for pageNumber + 2 while pageNumber + 1 < totalPages (0-based pageable, 1-based requests)', () => {
    expect(nextPageOf(page(0, 3, [1]))).toBe(2);
    expect(nextPageOf(page(1, 3, [1]))).toBe(3);
    expect(nextPageOf(page(2, 3, [1]))).toBeNull();
    expect(nextPageOf(page(0, 0, []))).toBeNull();
  });

  it('joins the loaded pages with each item once, the newest unread count and the page after the last', () => {
    const pages = (...list: NotificationPage[]): NotificationPages => ({
      pages: list,
      pageParams: list.map((_, i) => i + 1),
    });
    const list = listOf(pages(page(0, 3, [20, 19, 18], 5), page(1, 3, [18, 17], 4)));
    expect(list.items.map((i) => i.id)).toEqual([20, 19, 18, 17]);
    expect(list.unreadCount).toBe(5);
    expect(list.nextPage).toBe(3);
    expect(listOf(pages(page(0, 1, [1]))).nextPage).toBeNull();
    expect(listOf(undefined)).toEqual({ items: [], unreadCount: 0, nextPage: null });
  });

  it('shows a live item on top once and tracks unread on read, read all and remove, on every loaded page', () => {
    let data: NotificationPages = { pages: [page(0, 2, [2, 1]), page(1, 2, [0])], pageParams: [1, 2] };
    const ids = () => listOf(data).items.map((i) => i.id);
    const unread = () => data.pages.map((p) => p.unreadCount);
    data = withLive(data, item(3), 4);
    data = withLive(data, item(3), 4);
    expect(ids()).toEqual([3, 2, 1, 0]);
    expect(unread()).toEqual([4, 4]);
    data = withRead(data, 2);
    data = withRead(data, 2);
    expect(unread()).toEqual([3, 3]);
    data = withRemoved(data, 2);
    expect(unread()).toEqual([3, 3]);
    data = withRemoved(data, 0);
    expect(unread()).toEqual([2, 2]);
    expect(ids()).toEqual([3, 1]);
    data = withAllRead(data);
    expect(listOf(data).unreadCount).toBe(0);
    expect(listOf(data).items.every((i) => i.statusType === 'READ')).toBe(true);
    expect(listOf(withNone(data))).toMatchObject({ items: [], unreadCount: 0 });
  });

  it('keeps every page and item a change did not touch as the same object (memoised rows stay put)', () => {
    const data: NotificationPages = { pages: [page(0, 2, [2, 1]), page(1, 2, [0], 0)], pageParams: [1, 2] };
    data.pages[1]!.notifications.content[0]!.statusType = 'READ';
    const read = withRead(data, 2);
    expect(read.pages[0]!.notifications.content[1]).toBe(data.pages[0]!.notifications.content[1]);
    expect(read.pages[0]!.notifications.content[0]).not.toBe(data.pages[0]!.notifications.content[0]);
    expect(data.pages[0]!.notifications.content[0]!.statusType).toBe('UNREAD');
    const allRead = withAllRead(read);
    expect(allRead.pages[1]!.notifications.content).toBe(read.pages[1]!.notifications.content);
    expect(withRead(allRead, 1)).toBe(allRead);
  });

  it('builds the FOLLOW text from the follower nickname and links to the follower profile', () => {
    const follow = item(1, { notificationType: 'FOLLOW', typeId: 42, content: 'x' });
    expect(messageOf(follow, '토론왕')).toBe('토론왕님이 회원님을 팔로우합니다.');
    expect(messageOf(follow, undefined)).toBe('x');
    expect(linkOf(follow)).toEqual({ href: '/user-page/42', label: '프로필 확인' });
    expect(linkOf(item(2, { notificationType: 'REPORT' }))).toBeNull();
    expect(linkOf(item(3, { notificationType: 'DEBATE', roomId: 'abc' }))?.href).toBe('/archived-room/abc');
  });
});
