import { paths } from '../../app/routes';
import type { NotificationItem, NotificationPage } from './notifications-api';

/** The panel's list: every loaded item in server order (newest first), and the paging state. */
export interface ListState {
  items: NotificationItem[];
  unreadCount: number;
  /** The next 1-based page to ask for, or null once every page is loaded. */
  nextPage: number | null;
}

export const emptyList: ListState = { items: [], unreadCount: 0, nextPage: null };

/**
 * The next page rule of the original client: `pageable.pageNumber + 2` while
 * `pageNumber + 1 < totalPages` (pageNumber is 0-based).
 */
export function nextPageOf(page: NotificationPage): number | null {
  const { pageNumber } = page.notifications.pageable;
  return pageNumber + 1 < page.notifications.totalPages ? pageNumber + 2 : null;
}

/**
 * Later pages append what is not there yet. Page 1 (a refresh) replaces the top of the list and
 * keeps older items already loaded further down, so polling never undoes an infinite scroll.
 */
export function withPage(state: ListState, page: NotificationPage): ListState {
  const fresh = page.notifications.content;
  if (page.notifications.pageable.pageNumber !== 0) {
    const known = new Set(state.items.map((i) => i.id));
    return {
      items: [...state.items, ...fresh.filter((i) => !known.has(i.id))],
      unreadCount: page.unreadCount,
      nextPage: nextPageOf(page),
    };
  }
  const oldest = fresh.at(-1)?.id;
  const older = oldest === undefined || fresh.length === 0 ? [] : state.items.filter((i) => i.id < oldest);
  const loadedFurther = older.length > 0 && state.nextPage !== 2;
  return {
    items: [...fresh, ...older],
    unreadCount: page.unreadCount,
    nextPage: loadedFurther ? state.nextPage : nextPageOf(page),
  };
}

/** A live item goes on top (once). */
export function withLive(state: ListState, item: NotificationItem, unreadCount: number): ListState {
  return { ...state, unreadCount, items: [item, ...state.items.filter((i) => i.id !== item.id)] };
}

export function withRead(state: ListState, id: number): ListState {
  const target = state.items.find((i) => i.id === id);
  if (!target || target.statusType === 'READ') return state;
  return {
    ...state,
    unreadCount: Math.max(0, state.unreadCount - 1),
    items: state.items.map((i) => (i.id === id ? { ...i, statusType: 'READ' } : i)),
  };
}

export function withAllRead(state: ListState): ListState {
  return { ...state, unreadCount: 0, items: state.items.map((i) => ({ ...i, statusType: 'READ' })) };
}

export function withRemoved(state: ListState, id: number): ListState {
  const target = state.items.find((i) => i.id === id);
  if (!target) return state;
  return {
    ...state,
    unreadCount: target.statusType === 'UNREAD' ? Math.max(0, state.unreadCount - 1) : state.unreadCount,
    items: state.items.filter((i) => i.id !== id),
  };
}

/** The visible message: FOLLOW items speak of the follower by nickname, others show the server's text. */
export function messageOf(item: NotificationItem, nickname: string | undefined): string {
  if (item.notificationType === 'FOLLOW') return nickname ? `${nickname}님이 회원님을 팔로우합니다.` : item.content;
  return item.content;
}

/** Where an item's link leads, if anywhere. */
export function linkOf(item: NotificationItem): { href: string; label: string } | null {
  if (item.notificationType === 'FOLLOW') return { href: paths.userPage(item.typeId), label: '프로필확인' };
  if (item.notificationType === 'DEBATE' && item.roomId)
    return { href: paths.archivedRoom(item.roomId), label: '토론 다시보기' };
  if (item.notificationType === 'CHAT' && item.roomId)
    return { href: paths.debateZone(item.roomId), label: '토론방으로' };
  return null;
}
