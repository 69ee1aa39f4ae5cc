import { attendanceStatuses } from '@contract/attendance';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';
import { users } from './users';

export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the organisation's time zone at clock-in */
    date: text('date').notNull(),
    clockIn: ts('clock_in').notNull(),
    clockOut: ts('clock_out'),
    totalHours: doublePrecision('total_hours'),
    /** minutes of finished breaks */
    breakMinutes: integer('break_minutes').notNull().default(0),
    breakStartedAt: ts('break_started_at'),
    status: text('status', { enum: attendanceStatuses }).notNull(),
    /** closed by POST /api/attendance/fix, not by the user */
    autoClosed: boolean('auto_closed').notNull().default(false),
    /** when the managers and admins were told of its missing clock-out (once per record; docs/decisions/013) */
    missedClockOutNotifiedAt: ts('missed_clock_out_notified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('attendance_one_open_per_user').on(t.userId).where(sql`${t.clockOut} is null`),
    index('attendance_user_date_idx').on(t.userId, t.date, t.clockIn),
    // a person's records between two instants (timesheets, the review queue's gaps, the attendance
    // report): the index above reads them by date first, and PostgreSQL 18 then preferred scanning
    // the whole table (23 ms for a review page at ×1; docs/performance.md)
    index('attendance_user_clock_in_idx').on(t.userId, t.clockIn),
    index('attendance_open_idx').on(t.clockIn).where(sql`${t.clockOut} is null`),
    // everyone's recent records (admin alerts, who is clocked in today)
    index('attendance_date_idx').on(t.date),
  ],
);
