import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './_columns';
import { users } from './users';

/** One row (id = 1): organisation settings that drive attendance and days (decisions §8, §6). */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    clockIn: text('clock_in').notNull().default('09:00'),
    clockOut: text('clock_out').notNull().default('17:00'),
    dailyBreakMinutes: integer('daily_break_minutes').notNull().default(10),
    lunchMinutes: integer('lunch_minutes').notNull().default(45),
    lateThresholdMinutes: integer('late_threshold_minutes').notNull().default(15),
    /** null = the server's TZ, else UTC */
    timeZone: text('time_zone'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('settings_single_row', sql`${t.id} = 1`)],
);
