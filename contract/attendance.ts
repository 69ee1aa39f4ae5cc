import { z } from 'zod';
import { isoDate } from './common';

/** Attendance record (spec point 3; decisions §8). Times are ISO UTC; `date` is the org-zone day. */
export const attendanceStatus = z.enum(['present', 'late']);
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

export const attendanceRecord = z.object({
  id: z.string(),
  date: isoDate,
  clockIn: z.string(),
  clockOut: z.string().nullable(),
  /** worked hours, breaks excluded; null while open */
  totalHours: z.number().nullable(),
  /** minutes of finished breaks */
  breakTime: z.number().int(),
  /** set while a break runs */
  breakStartedAt: z.string().nullable(),
  status: attendanceStatus,
  /** closed by POST /api/attendance/fix rather than by the user */
  autoClosed: z.boolean(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;

/** 409 body of a second clock-in: the page adopts `currentRecord` (spec point 8). */
export const clockInConflict = z.object({ message: z.string(), currentRecord: attendanceRecord });

export const messageBody = z.object({ message: z.string() });

const RANGE_MESSAGE = 'The start date must not be after the end date';

/** Optional date range; both ends inclusive, org-zone days. */
export const dateRange = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: RANGE_MESSAGE, path: ['from'] });

/** History page: newest first; `before` is the id of the last record already shown. */
export const attendanceListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    before: z.uuid({ message: 'Invalid cursor' }).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: RANGE_MESSAGE, path: ['from'] });
export type AttendanceListQuery = z.input<typeof attendanceListQuery>;

export const MAX_EXPORT_DAYS = 366;
export const exportQuery = dateRange;

/** Today's summary: every record of the org-zone day added up (split shifts, decisions §8). */
export const todaySummary = z.object({
  date: isoDate,
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  /** hours worked today, an open record counted up to now, breaks excluded */
  hoursSoFar: z.number(),
  /** break minutes today, a running break counted up to now */
  breakMinutes: z.number().int(),
  records: z.number().int(),
  /** the open record, if any (it may be from an earlier day) */
  current: attendanceRecord.nullable(),
});
export type TodaySummary = z.infer<typeof todaySummary>;
