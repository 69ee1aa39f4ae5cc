import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  MarkReadRequest,
  Notification,
  NotificationKind,
  NotificationsQuery,
} from '@contract/notifications';
import { notifications, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { announceNotifications } from '../../core/notify';

/** The caller's notifications, newest first; the cursor is the id of the last one of the previous page. */
export async function listNotifications(
  { db, actor }: Context,
  query: NotificationsQuery,
): Promise<Notification[]> {
  // Another person's id as cursor finds no row, so the comparison is false and the page is empty.
  const cursor = query.before
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from notifications n where n.id = ${query.before} and n.user_id = ${actor.id})`
    : undefined;
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actorFirst: users.firstName,
      actorLast: users.lastName,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(eq(notifications.userId, actor.id), cursor))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    actorName: r.actorFirst === null ? null : `${r.actorFirst} ${r.actorLast}`,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Served by the partial index on unread rows. */
export async function unreadCount({ db, actor }: Context): Promise<{ count: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  return { count: Number(row?.count ?? 0) };
}

/**
 * Marks the caller's own notifications read; ids of other people's (or unknown) ones are ignored,
 * so nobody learns whether they exist. Answers how many changed, and tells the caller's other tabs.
 */
export async function markRead(ctx: Context, input: MarkReadRequest): Promise<{ count: number }> {
  const { db, actor, now } = ctx;
  const which = 'all' in input ? undefined : inArray(notifications.id, input.ids);
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt), which))
    .returning({ id: notifications.id });
  if (changed.length > 0) await announceNotifications(ctx, [actor.id]);
  return { count: changed.length };
}
