import { useCallback, useEffect, useRef, useState } from 'react';
import { connectLiveNotifications } from './live-notifications';
import { emptyList, withAllRead, withLive, withPage, withRead, withRemoved, type ListState } from './notification-list';
import {
  fetchNotificationPage,
  markAllNotificationsRead,
  markNotificationRead,
  removeAllNotifications,
  removeNotification,
} from './notifications-api';

const POLL_MS = 30_000;

/**
 * The signed-in user's notifications: page 1 on start, every 30 s and when the tab regains focus,
 * live items from the notification socket, more pages on demand, and the four actions.
 */
export function useNotifications(userId: number, accessToken: string | null) {
  const [list, setList] = useState<ListState>(emptyList);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const listRef = useRef(list);
  listRef.current = list;

  const refresh = useCallback(async () => {
    try {
      const page = await fetchNotificationPage(userId, 1);
      setList((current) => withPage(current, page));
      setStatus('ready');
    } catch (error) {
      console.error(error);
      setStatus((s) => (s === 'ready' ? s : 'failed'));
    }
  }, [userId]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  useEffect(() => {
    if (!accessToken) return;
    return connectLiveNotifications(accessToken, (item, unreadCount) =>
      setList((current) => withLive(current, item, unreadCount)),
    );
  }, [accessToken]);

  const loadMore = useCallback(async () => {
    const next = listRef.current.nextPage;
    if (next === null || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await fetchNotificationPage(userId, next);
      setList((current) => withPage(current, page));
    } catch (error) {
      console.error(error);
    } finally {
      setLoadingMore(false);
    }
  }, [userId, loadingMore]);

  const act = useCallback(
    async (optimistic: (s: ListState) => ListState, call: () => Promise<unknown>) => {
      setList(optimistic);
      try {
        await call();
      } catch (error) {
        console.error(error);
      }
      await refresh();
    },
    [refresh],
  );

  return {
    list,
    status,
    loadingMore,
    loadMore,
    refresh,
    readOne: (id: number) =>
      act(
        (s) => withRead(s, id),
        () => markNotificationRead(id),
      ),
    readAll: () => act(withAllRead, () => markAllNotificationsRead(userId)),
    removeOne: (id: number) =>
      act(
        (s) => withRemoved(s, id),
        () => removeNotification(id),
      ),
    removeAll: () =>
      act(
        () => emptyList,
        () => removeAllNotifications(userId),
      ),
  };
}

export type NotificationsModel = ReturnType<typeof useNotifications>;
