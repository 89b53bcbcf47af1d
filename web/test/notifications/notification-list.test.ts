import { describe, expect, it } from 'vitest';
import {
  emptyList,
  linkOf,
  messageOf,
  nextPageOf,
  withAllRead,
  withLive,
  withPage,
  withRead,
  withRemoved,
} from '../../src/features/notifications/notification-list';
import type { NotificationItem, NotificationPage } from '../../src/features/notifications/notifications-api';

const item = (id: number, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  notificationType: 'DEBATE',
  typeId: 1,
  content: `알림 ${id}`,
  statusType: 'UNREAD',
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

  it('appends later pages once, and a page-1 refresh keeps what infinite scroll loaded', () => {
    let list = withPage(emptyList, page(0, 2, [20, 19, 18]));
    list = withPage(list, page(1, 2, [18, 17]));
    expect(list.items.map((i) => i.id)).toEqual([20, 19, 18, 17]);
    expect(list.nextPage).toBeNull();
    list = withPage(list, page(0, 2, [21, 20, 19], 5));
    expect(list.items.map((i) => i.id)).toEqual([21, 20, 19, 18, 17]);
    expect(list.unreadCount).toBe(5);
    expect(list.nextPage).toBeNull();
    expect(withPage(list, page(0, 0, [])).items).toEqual([]);
  });

  it('puts a live item on top once and tracks unread on read, read all and remove', () => {
    let list = withPage(emptyList, page(0, 1, [2, 1]));
    list = withLive(list, item(3), 3);
    list = withLive(list, item(3), 3);
    expect(list.items.map((i) => i.id)).toEqual([3, 2, 1]);
    list = withRead(list, 2);
    list = withRead(list, 2);
    expect(list.unreadCount).toBe(2);
    list = withRemoved(list, 2);
    expect(list.unreadCount).toBe(2);
    list = withRemoved(list, 3);
    expect([list.unreadCount, list.items.length]).toEqual([1, 1]);
    list = withAllRead(list);
    expect(list.unreadCount).toBe(0);
    expect(list.items.every((i) => i.statusType === 'READ')).toBe(true);
  });

  it('builds the FOLLOW text from the follower nickname and links to the follower profile', () => {
    const follow = item(1, { notificationType: 'FOLLOW', typeId: 42, content: 'x' });
    expect(messageOf(follow, '토론왕')).toBe('토론왕님이 회원님을 팔로우합니다.');
    expect(messageOf(follow, undefined)).toBe('x');
    expect(linkOf(follow)).toEqual({ href: '/user-page/42', label: '프로필확인' });
    expect(linkOf(item(2, { notificationType: 'REPORT' }))).toBeNull();
    expect(linkOf(item(3, { notificationType: 'DEBATE', roomId: 'abc' }))?.href).toBe('/archived-room/abc');
  });
});
