import type { Role } from '@contract/auth';
import { sql } from 'drizzle-orm';
import { activeAccount } from '../db/accounts';

/**
 * Who may see what, where more than one feature asks (the lists, each record's actions, search):
 * written once here.
 */

/** Managers and admins see and manage every task; employees their own (docs/product/tasks.md#visibility). */
export const managesTasks = (actor: { role: Role }) => actor.role === 'manager' || actor.role === 'admin';

/** The assignee an actor's task reads are limited to, or undefined for all. */
export const visibleAssignee = (actor: { id: string; role: Role }): string | undefined =>
  managesTasks(actor) ? undefined : actor.id;

/**
 * The conversations a user takes part in, as a subquery: the only ones whose messages they may read
 * (docs/product/chat.md#participants-only).
 */
export const conversationIdsOf = (userId: string) =>
  sql`select cp.conversation_id from conversation_participants cp where cp.user_id = ${userId}`;

/**
 * Who the people directory lists (docs/product/accounts.md#people-list): approved, active accounts.
 * Written against the `users` table by name, so hand-written SQL (search) can use it as it is.
 */
export const inDirectory = activeAccount('users');
