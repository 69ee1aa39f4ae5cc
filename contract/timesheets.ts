import { z } from 'zod';
import { calendarDay, errorBody, idParam, isoDate, text } from './common';
import { endpoints } from './endpoint';
import { reportScopeInfo } from './reports';

/** The lock's one message (docs/product/timesheets.md#lock). */
export const WEEK_LOCKED = 'week_locked';
export const STOP_TIMER_FIRST = 'stop_timer_first';
export const CLOCK_OUT_FIRST = 'clock_out_first';
/** Submitting before the week's last scheduled working day (docs/product/timesheets.md#submitting). */
/** With `{from}`, the week's last working day (a refusal's `values`). */
export const SUBMIT_TOO_EARLY = 'submit_too_early';
export const COMMENT_REQUIRED = 'week_comment_required';
/** Days where attendance and tracked time differ by more than this are marked. */
export const GAP_SECONDS = 15 * 60;

export const timesheetStatuses = ['open', 'submitted', 'approved', 'rejected'] as const;
export const timesheetStatusSchema = z.enum(timesheetStatuses);
export type TimesheetStatus = z.infer<typeof timesheetStatusSchema>;

/**
 * An entry as one day of the sheet shows it: an entry that crosses midnight is listed on each day it
 * covers, with the part counted there (docs/product/time-tracking.md#ledger).
 */
const dayEntry = z.object({
  /** the entry's id; a running timer's id while it runs */
  id: z.string(),
  project: z.string().nullable(),
  task: z.string().nullable(),
  description: z.string(),
  startTime: z.string(),
  /** now, for a running timer */
  endTime: z.string(),
  /** the whole entry's seconds */
  duration: z.number().int(),
  /** the seconds of it counted on this day: its part of the day, less what an earlier overlapping entry already counted */
  countedSeconds: z.number().int(),
  /** it began on an earlier day */
  fromPreviousDay: z.boolean(),
  /** it goes on into a later day */
  intoNextDay: z.boolean(),
  /** it overlaps another of the person's entries (docs/product/time-tracking.md#overlaps) */
  overlaps: z.boolean(),
  /** a timer still running */
  running: z.boolean(),
  /** its time is billable (docs/product/billing.md#billable) */
  billable: z.boolean(),
});

/**
 * A public holiday or time off on the day (docs/product/time-off.md#counting): the sheet shows each
 * as a row. Whoever reads a sheet may see its person's leave types, private ones included.
 */
export const dayOff = z.object({
  kind: z.enum(['holiday', 'leave']),
  /** the holiday's name, or the leave type's */
  name: z.string(),
  /** the leave type's colour; null for a holiday */
  color: z.string().nullable(),
  /** a holiday that is the organisation's (or a team's) own day, not a public holiday; false for leave */
  company: z.boolean(),
  /** the part of the day: 1 whole, 0.5 half; 0 for an hourly leave (see `seconds`) */
  fraction: z.number(),
  /** an hourly leave's seconds */
  seconds: z.number().int(),
  /** leave credited at the day's scheduled hours (paid, not Overtime compensation) */
  paid: z.boolean(),
  /** Overtime compensation: the day still owes its hours, taken from the overtime balance */
  compensation: z.boolean(),
  /** the scheduled seconds this leave credits (paid leave: its part of the day); 0 otherwise */
  creditSeconds: z.number().int(),
});
export type DayOff = z.infer<typeof dayOff>;

/** One day of the week; seconds throughout. difference = tracked − expected. */
export const timesheetDay = z.object({
  date: calendarDay,
  trackedSeconds: z.number().int(),
  /**
   * of trackedSeconds, those of billable entries and timers: the same ledger's seconds, before any
   * billing rounding (docs/product/billing.md#billable-time-on-the-timesheet)
   */
  billableSeconds: z.number().int(),
  attendedSeconds: z.number().int(),
  expectedSeconds: z.number().int(),
  differenceSeconds: z.number().int(),
  /** attendance and tracked time differ by more than 15 minutes */
  gap: z.boolean(),
  /** some of the day's entries overlap each other */
  overlap: z.boolean(),
  /** holidays and approved leave on the day */
  off: z.array(dayOff),
  entries: z.array(dayEntry),
});
export type TimesheetDay = z.infer<typeof timesheetDay>;

export const weekTotals = z.object({
  trackedSeconds: z.number().int(),
  billableSeconds: z.number().int(),
  attendedSeconds: z.number().int(),
  expectedSeconds: z.number().int(),
  differenceSeconds: z.number().int(),
});

/** Running tracked − expected (docs/product/timesheets.md#overtime). */
export const overtimeBalance = z.object({
  /** over every approved week */
  approvedSeconds: z.number().int(),
  /** over the current month (in the user's zone) so far: from its first day up to and including today */
  monthSeconds: z.number().int(),
  month: z.string(),
});
export type OvertimeBalance = z.infer<typeof overtimeBalance>;

export const timesheetSchema = z.object({
  /** null while the week has never been submitted */
  id: z.string().nullable(),
  userId: z.string(),
  userName: z.string(),
  weekStart: calendarDay,
  weekEnd: calendarDay,
  timeZone: z.string(),
  status: timesheetStatusSchema,
  /** the reviewer's comment of a rejection */
  comment: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  locked: z.boolean(),
  /**
   * The first day the week may be submitted: its last scheduled working day (docs/product/timesheets.md#submitting);
   * the week's first day when the schedule expects nothing of it.
   */
  submittableFrom: calendarDay,
  days: z.array(timesheetDay).length(7),
  totals: weekTotals,
  overtime: overtimeBalance,
  /** what the caller may do with it */
  can: z.object({
    submit: z.boolean(),
    withdraw: z.boolean(),
    decide: z.boolean(),
    reopen: z.boolean(),
  }),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** A week waiting for the caller's decision. */
export const reviewItem = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  weekStart: calendarDay,
  submittedAt: z.string(),
  /** the zone the person's days count in */
  timeZone: z.string(),
  trackedSeconds: z.number().int(),
  expectedSeconds: z.number().int(),
  /** entries of the week that overlap another of the person's */
  overlappingEntries: z.number().int(),
  /** days where attendance and tracked time differ by more than 15 minutes */
  gapDays: z.number().int(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const timesheetQuery = z.object({
  week: isoDate,
  userId: z.uuid({ message: 'user_id_invalid' }).optional(),
});
export const weekBody = z.object({ week: isoDate });
export const rejectBody = z.object({
  comment: text({ required: COMMENT_REQUIRED, max: 1000, tooLong: 'comment_too_long', multiline: true }),
});
export const reviewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** the id of the last sheet of the previous page (oldest submitted first) */
  before: z.uuid({ message: 'invalid_cursor' }).optional(),
});

export const teamOvertimeQuery = z.object({
  teamId: z.uuid({ message: 'team_invalid' }).optional(),
});
/** One person's overtime as their own timesheet shows it (docs/product/timesheets.md#overtime). */
export const teamOvertimeRow = z.object({
  userId: z.string(),
  userName: z.string(),
  /** over every approved week */
  approvedSeconds: z.number().int(),
  /** over the current month (in the person's zone) so far, today included */
  monthSeconds: z.number().int(),
});
export type TeamOvertimeRow = z.infer<typeof teamOvertimeRow>;
/** The rows, and whose overtime they are (docs/product/reports.md#scope). */
export const teamOvertimeResponse = z.object({ scope: reportScopeInfo, rows: z.array(teamOvertimeRow) });
export type TeamOvertime = z.infer<typeof teamOvertimeResponse>;

const statusOnly = z.object({
  id: z.string(),
  status: timesheetStatusSchema,
  weekStart: calendarDay,
  userId: z.string(),
});

export const timesheetsApi = endpoints('Timesheets', {
  get: {
    method: 'GET',
    path: '/api/timesheets',
    summary: 'The week containing `week`: the caller’s, or (managers, admins) a person’s they may see',
    access: 'signedIn',
    query: timesheetQuery,
    responses: { 200: timesheetSchema, 404: errorBody },
  },
  submit: {
    method: 'POST',
    path: '/api/timesheets/submit',
    summary: 'Submit the caller’s week for approval; it locks',
    access: 'signedIn',
    body: weekBody,
    responses: { 200: statusOnly, 409: errorBody },
  },
  withdraw: {
    method: 'POST',
    path: '/api/timesheets/{id}/withdraw',
    summary: 'Take back a submitted, not yet decided week',
    access: 'signedIn',
    params: idParam,
    responses: { 200: statusOnly, 409: errorBody },
  },
  review: {
    method: 'GET',
    path: '/api/timesheets/review',
    summary: 'Submitted weeks the caller may decide, oldest first',
    access: ['manager', 'admin'],
    query: reviewQuery,
    responses: { 200: z.array(reviewItem) },
  },
  teamOvertime: {
    method: 'GET',
    path: '/api/timesheets/team-overtime',
    summary: 'The overtime balance of everyone the caller manages (admins: everyone), by name',
    access: ['manager', 'admin'],
    query: teamOvertimeQuery,
    responses: { 200: teamOvertimeResponse, 404: errorBody },
  },
  approve: {
    method: 'POST',
    path: '/api/timesheets/{id}/approve',
    summary: 'Approve a submitted week',
    access: ['manager', 'admin'],
    params: idParam,
    responses: { 200: statusOnly, 409: errorBody },
  },
  reject: {
    method: 'POST',
    path: '/api/timesheets/{id}/reject',
    summary: 'Send a submitted week back with a comment',
    access: ['manager', 'admin'],
    params: idParam,
    body: rejectBody,
    responses: { 200: statusOnly, 409: errorBody },
  },
  reopen: {
    method: 'POST',
    path: '/api/timesheets/{id}/reopen',
    summary: 'Reopen an approved week (recorded in the audit log)',
    access: ['admin'],
    params: idParam,
    responses: { 200: statusOnly, 409: errorBody },
  },
});
