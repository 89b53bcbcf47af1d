import { useEffect } from 'react';
import {
  infiniteQueryOptions,
  queryKeys,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  viewOf,
} from '../../lib/server-data';
import { connectLiveNotifications } from './live-notifications';
import {
  listOf,
  nextPageOf,
  withAllRead,
  withLive,
  withNone,
  withRead,
  withRemoved,
  type NotificationPages,
} from './notification-list';
import {
  fetchNotificationPage,
  markAllNotificationsRead,
  markNotificationRead,
  removeAllNotifications,
  removeNotification,
} from './notifications-api';

const POLL_MS = 30_000;

/** The user's notifications, page by page; read again every 30 s and when the tab is shown again. */
const notificationsQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: ({ pageParam }) => fetchNotificationPage(userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last) ?? undefined,
    refetchInterval: POLL_MS,
  });

interface Action {
  /** What the panel shows at once, before the server answers. */
  shown: (data: NotificationPages) => NotificationPages;
  send: () => Promise<unknown>;
}

/**
 * The signed-in user's notifications: the polled pages, live items from the notification socket
 * put on top, more pages on demand, and the four actions, each shown at once and then read back
 * from the server (whether it succeeded or not).
 */
export function useNotifications(userId: number, accessToken: string | null) {
  const client = useQueryClient();
  const query = useInfiniteQuery(notificationsQuery(userId));
  const key = queryKeys.notifications(userId);

  useEffect(() => {
    if (!accessToken) return;
    return connectLiveNotifications(accessToken, (item, unreadCount) =>
      client.setQueryData<NotificationPages>(queryKeys.notifications(userId), (data) =>
        data ? withLive(data, item, unreadCount) : data,
      ),
    );
  }, [accessToken, client, userId]);

  const action = useMutation({
    mutationFn: ({ send }: Action) => send(),
    onMutate: async ({ shown }) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<NotificationPages>(key, (data) => (data ? shown(data) : data));
    },
    onError: (error) => console.error(error),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const act = (shown: Action['shown'], send: Action['send']) => action.mutate({ shown, send });

  return {
    list: listOf(query.data),
    status: viewOf(query).status,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
    refresh: () => void query.refetch(),
    readOne: (id: number) =>
      act(
        (data) => withRead(data, id),
        () => markNotificationRead(id),
      ),
    readAll: () => act(withAllRead, () => markAllNotificationsRead(userId)),
    removeOne: (id: number) =>
      act(
        (data) => withRemoved(data, id),
        () => removeNotification(id),
      ),
    removeAll: () => act(withNone, () => removeAllNotifications(userId)),
  };
}

export type NotificationsModel = ReturnType<typeof useNotifications>;
