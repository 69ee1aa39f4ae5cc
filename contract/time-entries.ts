import { z } from 'zod';
import { errorBody, hhmm, idParam, isoDate, pageQuery, text } from './common';
import { endpoints } from './endpoint';

/** Another entry of the same person whose time overlaps this one's (docs/product/time-tracking.md#overlaps). */
export const overlappingEntry = z.object({
  id: z.string(),
  description: z.string(),
  project: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
});
export type OverlappingEntry = z.infer<typeof overlappingEntry>;

/**
 * A time entry (docs/product/time-tracking.md#time-entries): ISO instants, `date` the day it starts
 * on in its owner's zone, duration in whole seconds.
 */
export const timeEntry = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  project: z.string().nullable(),
  taskId: z.string().nullable(),
  task: z.string().nullable(),
  description: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  /** stopped by the server at the forgotten-timer limit (docs/product/time-tracking.md#forgotten-timers) */
  autoStopped: z.boolean(),
  /** it ends on a later day of its owner's calendar than it starts (a night shift: "22:00 – 01:00 (+1 day)") */
  endsNextDay: z.boolean(),
  /** its week is submitted or approved: it cannot be changed or deleted (docs/product/timesheets.md#lock) */
  locked: z.boolean(),
  /** the owner's other entries whose time overlaps it: the overlap counts once (the earlier entry keeps it) */
  overlaps: z.array(overlappingEntry),
  /** billable: switched on the entry, else as its project says (docs/product/billing.md#billable) */
  billable: z.boolean(),
  /** marked invoiced: it cannot be changed or deleted (docs/product/billing.md#invoices) */
  invoiced: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntry>;

export const timeEntriesQuery = pageQuery;
export type TimeEntriesQuery = z.infer<typeof timeEntriesQuery>;

export const END_AFTER_START = 'end_after_start';
export const NOT_IN_FUTURE = 'not_in_future';
export const ENTRY_TOO_LONG = 'entry_too_long';
export const ENTRY_LOCKED = 'entry_locked';
export const ENTRY_INVOICED = 'entry_invoiced';

const entryFields = {
  projectId: z.uuid({ message: 'project_required' }),
  description: text({
    notText: 'description_not_text',
    max: 500,
    tooLong: 'description_too_long',
    multiline: true,
  }),
  date: isoDate,
  startTime: hhmm,
  endTime: hhmm,
};

/**
 * A manual entry: wall-clock times in its owner's time zone, on `date`; an end earlier than the start
 * is on the next day (a night shift, 22:00 – 01:00). The server computes the duration (a
 * client-sent `duration` is ignored).
 */
export const manualEntryBody = z
  .object({
    ...entryFields,
    description: entryFields.description.default(''),
    duration: z.number().optional(),
    /** omitted: as the project says */
    billable: z.boolean({ message: 'billable_invalid' }).optional(),
  })
  .refine((v) => v.endTime !== v.startTime, { message: END_AFTER_START, path: ['endTime'] });
export type ManualEntryInput = z.input<typeof manualEntryBody>;
export type ManualEntryBody = z.output<typeof manualEntryBody>;

/**
 * The edit dialog's fields: the same as a manual entry's, but the order of the times is left to the
 * server, which compares the instants. An entry a timer measured keeps its seconds, so one that
 * started and ended within the same minute shows equal HH:MM and is still valid.
 */
export const editEntryForm = z.object({
  ...entryFields,
  description: entryFields.description.default(''),
  duration: z.number().optional(),
  billable: z.boolean().optional(),
});

/**
 * PATCH takes the same fields, each optional. A time that is not sent, or sent as it already reads,
 * keeps its instant to the second; the server refuses an end that is not after the start.
 */
export const updateEntryBody = z.object({
  projectId: entryFields.projectId.optional(),
  description: entryFields.description.optional(),
  date: isoDate.optional(),
  startTime: hhmm.optional(),
  endTime: hhmm.optional(),
  duration: z.number().optional(),
  billable: z.boolean({ message: 'billable_invalid' }).optional(),
});
export type UpdateEntryBody = z.output<typeof updateEntryBody>;

/** The tracker's stat cards (docs/product/time-tracking.md#summary), plus the org's day and zone the client formats with. */
export const timeSummary = z.object({
  totalHours: z.number(),
  entries: z.number().int(),
  todayHours: z.number(),
  today: z.string(),
  timeZone: z.string(),
});
export type TimeSummary = z.infer<typeof timeSummary>;

export const MAX_EXPORT_DAYS = 366;

export const exportQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((v) => v.from <= v.to, { message: 'from_after_to_lower', path: ['to'] })
  .refine(
    (v) =>
      (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 < MAX_EXPORT_DAYS,
    { message: 'export_too_long', path: ['to'] },
  );
export type ExportQuery = z.infer<typeof exportQuery>;

export const timeEntriesApi = endpoints('Time entries', {
  list: {
    method: 'GET',
    path: '/api/time-entries',
    summary: "The caller's time entries, newest first",
    access: 'signedIn',
    query: timeEntriesQuery,
    responses: { 200: z.array(timeEntry) },
  },
  summary: {
    method: 'GET',
    path: '/api/time-entries/summary',
    summary: "The tracker's figures: total hours, entries and today's hours",
    access: 'signedIn',
    responses: { 200: timeSummary },
  },
  export: {
    method: 'GET',
    path: '/api/time-entries/export',
    summary: "The caller's entries of a date range as CSV",
    access: 'signedIn',
    query: exportQuery,
    responses: { 200: z.string() },
    produces: 'text/csv; charset=utf-8',
  },
  create: {
    method: 'POST',
    path: '/api/time-entries',
    summary: 'Add a manual entry',
    access: 'signedIn',
    body: manualEntryBody,
    responses: { 201: timeEntry, 409: errorBody },
  },
  update: {
    method: 'PATCH',
    path: '/api/time-entries/{id}',
    summary: "Change one of the caller's entries",
    access: 'signedIn',
    params: idParam,
    body: updateEntryBody,
    responses: { 200: timeEntry, 409: errorBody },
  },
  remove: {
    method: 'DELETE',
    path: '/api/time-entries/{id}',
    summary: "Move one of the caller's entries to the Trash for 30 days (its hours no longer count)",
    access: 'signedIn',
    params: idParam,
    responses: { 204: null, 409: errorBody },
  },
  restore: {
    method: 'POST',
    path: '/api/time-entries/{id}/restore',
    summary: "Take an entry out of the Trash, so its hours count again (its owner; admins: anyone's)",
    access: 'signedIn',
    params: idParam,
    responses: { 200: z.object({ id: z.string() }), 409: errorBody },
  },
});
