import { timesheetStatuses } from '@contract/timesheets';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';
import { users } from './users';

/**
 * A user's week (docs/product/timesheets.md): no row = open. Approved weeks keep their totals, which
 * cannot change any more (the week is locked), so the overtime balance is one sum over these rows.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the Monday (YYYY-MM-DD) the week starts on, in the user's zone */
    weekStart: text('week_start').notNull(),
    status: text('status', { enum: timesheetStatuses }).notNull(),
    comment: text('comment'),
    submittedAt: ts('submitted_at'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    /** seconds tracked and expected, written when the week is approved */
    trackedSeconds: integer('tracked_seconds'),
    expectedSeconds: integer('expected_seconds'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('timesheets_status_check', sql`${t.status} in ('open','submitted','approved','rejected')`),
    uniqueIndex('timesheets_user_week').on(t.userId, t.weekStart),
    // the review queue: submitted weeks, oldest first
    index('timesheets_status_submitted_idx').on(t.status, t.submittedAt, t.id),
  ],
);
