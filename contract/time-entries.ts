import { z } from 'zod';
import { hhmm, isoDate, pageQuery } from './common';

/** A time entry (spec point 3, decisions §6/§10): ISO instants, `date` in the org zone, duration in seconds. */
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
});
export type TimeEntry = z.infer<typeof timeEntry>;

export const timeEntriesQuery = pageQuery;
export type TimeEntriesQuery = z.infer<typeof timeEntriesQuery>;

export const END_AFTER_START = 'End time must be after start time';
export const NOT_IN_FUTURE = 'Time entries cannot be in the future';

const entryFields = {
  projectId: z.uuid({ message: 'Please select a project' }),
  description: z.string({ message: 'Description must be text' }).trim().max(500, 'Description is too long'),
  date: isoDate,
  startTime: hhmm,
  endTime: hhmm,
};

/**
 * A manual entry: wall-clock times in the organisation's time zone; the server computes the
 * duration (a client-sent `duration` is ignored).
 */
export const manualEntryBody = z
  .object({
    ...entryFields,
    description: entryFields.description.default(''),
    duration: z.number().optional(),
  })
  .refine((v) => v.endTime > v.startTime, { message: END_AFTER_START, path: ['endTime'] });
export type ManualEntryInput = z.input<typeof manualEntryBody>;
export type ManualEntryBody = z.output<typeof manualEntryBody>;

/** PATCH takes the same fields, each optional; times are re-read only when one of them is sent. */
export const updateEntryBody = z
  .object({
    projectId: entryFields.projectId.optional(),
    description: entryFields.description.optional(),
    date: isoDate.optional(),
    startTime: hhmm.optional(),
    endTime: hhmm.optional(),
    duration: z.number().optional(),
  })
  .refine((v) => !(v.startTime && v.endTime) || v.endTime > v.startTime, {
    message: END_AFTER_START,
    path: ['endTime'],
  });
export type UpdateEntryBody = z.output<typeof updateEntryBody>;

/** The tracker's stat cards (decisions §10), plus the org's day and zone the client formats with. */
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
  .refine((v) => v.from <= v.to, { message: "'from' must not be after 'to'", path: ['to'] })
  .refine(
    (v) =>
      (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 < MAX_EXPORT_DAYS,
    { message: `Export at most ${MAX_EXPORT_DAYS} days at a time`, path: ['to'] },
  );
export type ExportQuery = z.infer<typeof exportQuery>;
