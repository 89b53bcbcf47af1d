import { produce, type Draft } from 'immer';
import { paths } from '../../lib/routes';
import { joinUnique } from '../../lib/join-unique';
import type { InfiniteData } from '../../lib/server-data';
import type { NotificationItem, NotificationPage } from './notifications-api';

/** The cached pages of the user's notifications (1-based page numbers), newest first. */
export type NotificationPages = InfiniteData<NotificationPage>;

/** The panel's list: every loaded item in server order (newest first), and the paging state. */
export interface ListState {
  items: NotificationItem[];
  unreadCount: number;
  /** The next 1-based page to ask for, or null once every page is loaded. */
  nextPage: number | null;
}

/**
 * The next page rule of the original client: `pageable.pageNumber + 2` while
 * `pageNumber + 1 < totalPages` (pageNumber is 0-based).
 */
export function nextPageOf(page: NotificationPage): number | null {
  const { pageNumber } = page.notifications.pageable;
  return pageNumber + 1 < page.notifications.totalPages ? pageNumber + 2 : null;
}

/** The loaded pages as the panel's list: each item once, the newest unread count, and the page after the last. */
export function listOf(data: NotificationPages | undefined): ListState {
  const pages = data?.pages ?? [];
  const last = pages.at(-1);
  return {
    items: joinUnique(
      pages.map((page) => page.notifications.content),
      (item) => item.id,
    ),
    unreadCount: pages[0]?.unreadCount ?? 0,
    nextPage: last ? nextPageOf(last) : null,
  };
}

/**
 * Every loaded page changed in place on an immer draft (what the panel shows before the server confirms): the result
 * is a new cache value that shares every page and item the change did not touch.
 */
const edit = (data: NotificationPages, change: (page: Draft<NotificationPage>, pageIndex: number) => void) =>
  produce(data, (draft) => draft.pages.forEach(change));

const isUnread = (data: NotificationPages, id: number) =>
  data.pages.some((page) => page.notifications.content.some((i) => i.id === id && i.statusType === 'UNREAD'));

/** A live item goes on top (once), with the unread count the server sent along. */
export const withLive = (data: NotificationPages, item: NotificationItem, unreadCount: number): NotificationPages =>
  edit(data, (page, index) => {
    page.unreadCount = unreadCount;
    page.notifications.content = page.notifications.content.filter((i) => i.id !== item.id);
    if (index === 0) page.notifications.content.unshift(item);
  });

export function withRead(data: NotificationPages, id: number): NotificationPages {
  if (!isUnread(data, id)) return data;
  return edit(data, (page) => {
    page.unreadCount = Math.max(0, page.unreadCount - 1);
    for (const i of page.notifications.content) if (i.id === id) i.statusType = 'READ';
  });
}

export const withAllRead = (data: NotificationPages): NotificationPages =>
  edit(data, (page) => {
    page.unreadCount = 0;
    for (const i of page.notifications.content) i.statusType = 'READ';
  });

export function withRemoved(data: NotificationPages, id: number): NotificationPages {
  const unread = isUnread(data, id);
  return edit(data, (page) => {
    if (unread) page.unreadCount = Math.max(0, page.unreadCount - 1);
    page.notifications.content = page.notifications.content.filter((i) => i.id !== id);
  });
}

export const withNone = (data: NotificationPages): NotificationPages =>
  edit(data, (page) => {
    page.unreadCount = 0;
    page.notifications.content = [];
  });

/** The visible message: FOLLOW items speak of the follower by nickname, others show the server's text. */
export function messageOf(item: NotificationItem, nickname: string | undefined): string {
  if (item.notificationType === 'FOLLOW') return nickname ? `${nickname}님이 회원님을 팔로우합니다.` : item.content;
  return item.content;
}

/** Where an item's link leads, if anywhere. */
export function linkOf(item: NotificationItem): { href: string; label: string } | null {
  if (item.notificationType === 'FOLLOW') return { href: paths.userPage(item.typeId), label: '프로필 확인' };
  if (item.notificationType === 'DEBATE' && item.roomId)
    return { href: paths.archivedRoom(item.roomId), label: '토론 다시보기' };
  if (item.notificationType === 'CHAT' && item.roomId)
    return { href: paths.debateZone(item.roomId), label: '토론방으로' };
  return null;
}
