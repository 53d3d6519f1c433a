import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { notificationKeys } from '@verity/query';
import { NOTIFICATIONS_PAGE_SIZE, UNREAD_COUNT_REFRESH_MS } from '@verity/shared-api';
import {
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@verity/shared-api/calls';

// The contract's shapes, as the calls give them.
export type NotificationPage = Awaited<ReturnType<typeof listNotifications>>;
export type AppNotification = NotificationPage['notifications'][number];

export { notificationKeys };

/**
 * The bell's count: read again when an area's live updates say the bell has something new
 * (docs/decisions/0107-the-bell-live.md), and, should those be down or the page show no area, every
 * `refreshMs` while the tab is visible; when the window gets the focus back, and after the panel
 * marks something read.
 */
export function useUnreadCount(refreshMs: number = UNREAD_COUNT_REFRESH_MS) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: () => getUnreadCount(),
    refetchInterval: refreshMs,
    refetchOnWindowFocus: true,
  });
}

/** The panel's list, newest first, a page of NOTIFICATIONS_PAGE_SIZE at a time. */
export function useNotificationList() {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await listNotifications({
        page: pageParam,
        pageSize: NOTIFICATIONS_PAGE_SIZE,
        signal,
      });
      // The list knows the count too: the bell never disagrees with the panel under it.
      queryClient.setQueryData(notificationKeys.unreadCount(), page.unread);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((shown, page) => shown + page.notifications.length, 0) < last.total &&
      last.notifications.length > 0
        ? last.page + 1
        : undefined,
  });
}

/** Every notification loaded so far, once each (a page boundary shifts when new ones arrive). */
export function loadedNotifications(data: InfiniteData<NotificationPage> | undefined) {
  const seen = new Set<string>();
  const notifications: AppNotification[] = [];
  for (const page of data?.pages ?? []) {
    for (const notification of page.notifications) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      notifications.push(notification);
    }
  }
  return notifications;
}

function markLoaded(
  queryClient: QueryClient,
  isMarked: (notification: AppNotification) => boolean,
  readAt: string,
) {
  queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((notification) =>
              isMarked(notification) && notification.readAt === null
                ? { ...notification, readAt }
                : notification,
            ),
          })),
        }
      : data,
  );
}

/**
 * A list read still on its way when the user marks something read answers with the state from
 * before the mark: it is aborted when the mark is sent, and the list and the count are read again
 * once the mark is saved, so neither the panel nor the bell goes back to "unread".
 */
const stopListReads = (queryClient: QueryClient) =>
  queryClient.cancelQueries({ queryKey: notificationKeys.list() });
const readAgain = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });

// The callbacks sit on the mutation, not on `mutate`, so they run after the panel has closed.
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onMutate: () => stopListReads(queryClient),
    onSuccess: (notification) => {
      markLoaded(
        queryClient,
        (loaded) => loaded.id === notification.id,
        notification.readAt ?? new Date().toISOString(),
      );
      readAgain(queryClient);
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onMutate: () => stopListReads(queryClient),
    onSuccess: (unread) => {
      markLoaded(queryClient, () => true, new Date().toISOString());
      queryClient.setQueryData(notificationKeys.unreadCount(), unread);
      readAgain(queryClient);
    },
  });
}
