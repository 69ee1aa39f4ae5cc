import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './billing';
import { createdAt, id, ts } from './_columns';
import { projects } from './projects';
import { tasks } from './tasks';
import { users } from './users';

/** The running timer; the unique user_id makes "one running timer per user" a database rule. */
export const activeTimers = pgTable('active_timers', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
  description: text('description').notNull().default(''),
  startTime: ts('start_time').notNull(),
  /** null: as its project says; the entry it becomes keeps it (docs/product/billing.md#billable) */
  billable: boolean('billable'),
});

export const timeEntries = pgTable(
  'time_entries',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    /**
     * Whole seconds from start to end, computed by the database from the two: the one definition of
     * a duration (docs/product/time-tracking.md#ledger), never written by the app.
     */
    duration: integer('duration')
      .notNull()
      .generatedAlwaysAs(sql`(extract(epoch from (end_time - start_time)))::integer`),
    /** written by the server stopping a forgotten timer (docs/product/time-tracking.md#forgotten-timers) */
    autoStopped: boolean('auto_stopped').notNull().default(false),
    /** null: as its project says (docs/product/billing.md#billable); true/false: switched on the entry */
    billable: boolean('billable'),
    /** marked invoiced: locked against edits and deletion (docs/product/billing.md#invoices) */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // a person's entries newest first (start, id), and the seconds of a person's week or month
    // summed from the index alone (duration last: it does not change the order)
    index('time_entries_user_start_idx').on(t.userId, t.startTime, t.id, t.duration),
    // "what overlaps today": end_time > day start finds only recent entries, however long they ran
    index('time_entries_user_end_idx').on(t.userId, t.endTime),
    // all-time totals (Total Hours, Entries) as an index-only scan instead of reading every row
    index('time_entries_user_duration_idx').on(t.userId, t.duration),
    // reports over everyone (docs/decisions/012-reports.md): entries of up to a day found by their
    // start and read from the index alone (the columns a report needs are in it), the rare longer
    // ones by the partial index
    index('time_entries_start_cover_idx').on(t.startTime, t.endTime, t.userId, t.projectId),
    // a project's hours this week and month (docs/product/projects.md#project-page), from the index alone
    index('time_entries_project_start_idx').on(t.projectId, t.startTime, t.duration),
    // a task's time spent (the sum of its entries, kept on the task by a trigger), and its entries
    index('time_entries_task_idx').on(t.taskId, t.duration),
    index('time_entries_invoice_idx').on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
    // the entries whose billing is their own (switched by hand, or invoiced), read by id from the
    // index alone: billing reads take every other entry's billing from its project
    // (server/features/billing/ledger-entries.ts)
    index('time_entries_marked_idx')
      .on(t.id, t.billable, t.invoiceId)
      .where(sql`${t.billable} is not null or ${t.invoiceId} is not null`),
    index('time_entries_long_idx')
      .on(t.startTime)
      .where(sql`${t.endTime} - ${t.startTime} > interval '1 day'`),
  ],
);

/**
 * Deleted time entries, kept 30 days for Undo and the Trash (docs/product/time-tracking.md#trash,
 * docs/decisions/045-trash-and-recurring-tasks.md). A deleted entry leaves time_entries, so no read
 * of hours (the ledger, its kept sums, a task's time spent, reports, exports) can count it; a restore
 * puts the same row back (same id), which the triggers count again.
 */
export const trashedTimeEntries = pgTable(
  'trashed_time_entries',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    autoStopped: boolean('auto_stopped').notNull().default(false),
    /** as on the entry (docs/product/billing.md#billable); an invoiced entry is never deleted */
    billable: boolean('billable'),
    createdAt: ts('created_at').notNull(),
    deletedAt: ts('deleted_at').notNull(),
    deletedById: uuid('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('trashed_time_entries_user_idx').on(t.userId, t.deletedAt),
    index('trashed_time_entries_deleted_idx').on(t.deletedAt),
  ],
);
