import { type Notification, notificationsApi } from '@contract/notifications';
import { useApiMutation, useApiPages, useApiQuery } from '@/lib/api';

export const PAGE_SIZE = 20;

/** The bell's number; a live event or a reconnect refetches it (live.ts). */
export const useUnreadCount = () => useApiQuery(notificationsApi.unreadCount, {});

/** The panel, newest first, a page at a time; read only while the panel is open. */
export const useNotificationPages = (enabled: boolean) =>
  useApiPages(
    notificationsApi.list,
    {},
    {
      pageSize: PAGE_SIZE,
      enabled,
      next: (last: Notification[]) => (last.length === PAGE_SIZE ? last.at(-1)?.id : undefined),
    },
  );

export const useMarkRead = () =>
  useApiMutation(notificationsApi.markRead, { refreshes: [notificationsApi.list] });
