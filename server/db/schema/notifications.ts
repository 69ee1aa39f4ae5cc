import { notificationChannels } from '@contract/notifications';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';
import { users } from './users';

/**
 * What the app tells a person (docs/decisions/013-notifications-and-profile.md): written in the same
 * transaction as the change that causes it, never to the person who caused it. Title and body are
 * written once, in the words of the moment (a task renamed later keeps its old title here).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** the app path that shows the object, e.g. '/my-tasks' */
    link: text('link').notNull(),
    /** the object and extras, e.g. `{taskId}` */
    data: jsonb('data').$type<Record<string, string>>(),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The panel: one user's, newest first, keyset (created_at, id).
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The bell: counts only the unread rows, which stay few however many were read.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A person's choice of channel for a kind; without a row the kind's default applies (contract/notifications.ts). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel', { enum: notificationChannels }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A notification e-mail held for the daily digest of someone who chose it
 * (docs/product/notifications.md#digest): the words of the mail it replaces. The digest sweep claims
 * a person's items of past days by setting `digested_at`, in the transaction that queues the digest.
 */
export const digestItems = pgTable(
  'digest_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    createdAt: createdAt(),
    digestedAt: ts('digested_at'),
  },
  (t) => [index('digest_items_waiting_idx').on(t.userId, t.createdAt).where(sql`${t.digestedAt} is null`)],
);
