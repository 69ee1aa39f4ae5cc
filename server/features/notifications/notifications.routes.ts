import { notificationsApi } from '@contract/notifications';
import { implement } from '../../lib/routes';
import { listNotifications, markRead, unreadCount } from './notifications.service';

/** Each signed-in user reads and marks their own notifications; nobody reads anyone else's. */
export const notificationsRoutes = implement(notificationsApi, {
  list: (ctx, { query }) => listNotifications(ctx, query),
  unreadCount: (ctx) => unreadCount(ctx),
  markRead: (ctx, { body }) => markRead(ctx, body),
});
