import { FEED_SCOPES, HOLIDAY_OVERRIDE_KINDS, LEAVE_STATUSES } from '@contract/time-off';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './_columns';
import { teams } from './teams';
import { users } from './users';

/**
 * The organisation's time-off rules (one row, id = 1; docs/product/time-off.md): the yearly
 * entitlement in days, how many unused days carry over into the next year and until when they may
 * be used, and the public holidays' region.
 */
export const timeOffSettings = pgTable(
  'time_off_settings',
  {
    id: integer('id').primaryKey().default(1),
    entitlementDays: numeric('entitlement_days', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(25),
    carryOverMaxDays: numeric('carry_over_max_days', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(5),
    /** 'MM-DD': carried-over days not taken by this day of the next year expire */
    carryOverUntil: text('carry_over_until').notNull().default('03-31'),
    /** ISO 3166 country (and region) of the public holidays; none: no public holidays */
    holidayCountry: text('holiday_country'),
    holidayRegion: text('holiday_region'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('time_off_settings_single_row', sql`${t.id} = 1`)],
);

/** Kinds of leave (vacation, sick leave…): what each counts against and who must approve it. */
export const leaveTypes = pgTable(
  'leave_types',
  {
    id: id(),
    name: text('name').notNull(),
    /** '#rrggbb' */
    color: text('color').notNull(),
    /** paid leave is credited at the day's scheduled hours; unpaid leave owes nothing either */
    paid: boolean('paid').notNull().default(true),
    /** counts against the yearly allowance */
    allowance: boolean('allowance').notNull().default(false),
    /** a manager (or an admin) must approve it; otherwise it is approved when requested */
    approval: boolean('approval').notNull().default(true),
    halfDays: boolean('half_days').notNull().default(false),
    hours: boolean('hours').notNull().default(false),
    /** peers see only "Out": the type and note are for the person, their managers and admins */
    privateReason: boolean('private_reason').notNull().default(false),
    /** takes its hours from the overtime balance (Overtime compensation) */
    compensation: boolean('compensation').notNull().default(false),
    /** may be taken beyond the remaining allowance */
    allowNegative: boolean('allow_negative').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    archivedAt: ts('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('leave_types_name_unique').on(sql`lower(${t.name})`),
    check('leave_types_half_or_hours', sql`not (${t.halfDays} and ${t.hours})`),
  ],
);

/** A person's own yearly entitlement in days, instead of the organisation's. */
export const leaveEntitlements = pgTable('leave_entitlements', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  days: numeric('days', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Days added to (or taken from) a person's allowance of a year by an admin, with the reason. */
export const leaveAdjustments = pgTable(
  'leave_adjustments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    days: numeric('days', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('leave_adjustments_user_year_idx').on(t.userId, t.year)],
);

/** A request for time off: whole days, a half day at either end, or hours of one day. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** the first day from midday only */
    startHalf: boolean('start_half').notNull().default(false),
    /** the last day until midday only */
    endHalf: boolean('end_half').notNull().default(false),
    /** an hourly type's hours (one day) */
    hours: numeric('hours', { precision: 5, scale: 2, mode: 'number' }),
    note: text('note').notNull().default(''),
    status: text('status', { enum: LEAVE_STATUSES }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    check('leave_requests_status', sql`${t.status} in ('pending','approved','rejected','cancelled')`),
    check('leave_requests_range', sql`${t.endDate} >= ${t.startDate}`),
    index('leave_requests_user_dates_idx').on(t.userId, t.startDate, t.endDate),
    // the calendar's month: every request overlapping it, by its dates
    index('leave_requests_dates_idx').on(t.startDate, t.endDate),
    index('leave_requests_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The organisation's own days: a public holiday removed, or a company day added (a team's, with teamId). */
export const holidayOverrides = pgTable(
  'holiday_overrides',
  {
    id: id(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: HOLIDAY_OVERRIDE_KINDS }).notNull(),
    name: text('name').notNull(),
    halfDay: boolean('half_day').notNull().default(false),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('holiday_overrides_kind', sql`${t.kind} in ('added','removed')`),
    uniqueIndex('holiday_overrides_day_unique').on(
      t.date,
      sql`coalesce(${t.teamId}, '00000000-0000-0000-0000-000000000000')`,
    ),
  ],
);

/** Secret iCalendar feed URLs (docs/product/time-off.md#feeds): only the token's SHA-256 is kept. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'mine': the person's own absences; 'team': a team's approved absences and the holidays */
    scope: text('scope', { enum: FEED_SCOPES }).notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('calendar_feeds_user_idx').on(t.userId)],
);
