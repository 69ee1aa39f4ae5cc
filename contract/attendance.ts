import { z } from 'zod';
import { calendarDay, errorBody, isoDate } from './common';
import { endpoints } from './endpoint';

/** Attendance record (docs/product/attendance.md#records). Times are ISO UTC; `date` is the org-zone day. */
export const attendanceStatuses = ['present', 'late'] as const;
export const attendanceStatus = z.enum(attendanceStatuses);
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

export const attendanceRecord = z.object({
  id: z.string(),
  date: calendarDay,
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

/**
 * 409 body of a clock-in: on a second clock-in it holds the open record, which the page adopts
 * (docs/product/attendance.md#clock-in); a locked week is refused without one.
 */
export const clockInConflict = errorBody.extend({ currentRecord: attendanceRecord.optional() });

export const messageBody = z.object({ message: z.string() });

const RANGE_MESSAGE = 'start_after_end';

/** Optional date range; both ends inclusive, org-zone days. */
export const dateRange = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: RANGE_MESSAGE, path: ['from'] });

/** History page: newest first; `before` is the id of the last record already shown. */
export const attendanceListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(100),
    before: z.uuid({ message: 'invalid_cursor' }).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: RANGE_MESSAGE, path: ['from'] });
export type AttendanceListQuery = z.input<typeof attendanceListQuery>;

export const MAX_EXPORT_DAYS = 366;
export const exportQuery = dateRange;

/** Today's summary: every record of the org-zone day added up (split shifts, docs/product/attendance.md#todays-summary). */
export const todaySummary = z.object({
  date: calendarDay,
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  /** hours worked today, an open record counted up to now, breaks excluded */
  hoursSoFar: z.number(),
  /** break minutes today, a running break counted up to now */
  breakMinutes: z.number().int(),
  records: z.number().int(),
  /** hours the user's work schedule expects on this day (docs/product/timesheets.md) */
  expectedHours: z.number(),
  /** the open record, if any (it may be from an earlier day) */
  current: attendanceRecord.nullable(),
});
export type TodaySummary = z.infer<typeof todaySummary>;

/** An action on the open record: refused with 409 when there is none, or the break state or a locked week forbids it. */
const recordResponse = { 200: attendanceRecord, 409: errorBody } as const;

export const attendanceApi = endpoints('Attendance', {
  list: {
    method: 'GET',
    path: '/api/attendance',
    summary: "The caller's attendance records, newest first",
    access: 'signedIn',
    query: attendanceListQuery,
    responses: { 200: z.array(attendanceRecord) },
  },
  today: {
    method: 'GET',
    path: '/api/attendance/today',
    summary: "The caller's attendance today",
    access: 'signedIn',
    responses: { 200: todaySummary },
  },
  export: {
    method: 'GET',
    path: '/api/attendance/export',
    summary: "The caller's records of a date range as CSV",
    access: 'signedIn',
    query: exportQuery,
    responses: { 200: z.string() },
    produces: 'text/csv; charset=utf-8',
  },
  clockIn: {
    method: 'POST',
    path: '/api/attendance/clock-in',
    summary: 'Clock in (409 with the open record when already clocked in)',
    access: 'signedIn',
    responses: { 201: attendanceRecord, 409: clockInConflict },
  },
  clockOut: {
    method: 'POST',
    path: '/api/attendance/clock-out',
    summary: 'Clock out of the open record',
    access: 'signedIn',
    responses: recordResponse,
  },
  startBreak: {
    method: 'POST',
    path: '/api/attendance/break/start',
    summary: 'Start a break in the open record',
    access: 'signedIn',
    responses: recordResponse,
  },
  endBreak: {
    method: 'POST',
    path: '/api/attendance/break/end',
    summary: 'End the running break',
    access: 'signedIn',
    responses: recordResponse,
  },
  fix: {
    method: 'POST',
    path: '/api/attendance/fix',
    summary: 'Close records left open on earlier days at their expected clock-out',
    access: 'signedIn',
    responses: { 200: messageBody, 409: errorBody },
  },
});
