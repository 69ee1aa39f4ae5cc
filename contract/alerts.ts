import { z } from 'zod';
import { endpoints } from './endpoint';

export const alertSeverity = z.enum(['info', 'warning', 'critical']);
export type AlertSeverity = z.infer<typeof alertSeverity>;
export const alertKind = z.enum(['late_arrival', 'missing_clock_out', 'long_day']);

/** Attendance alert (docs/product/attendance.md#alerts), derived on read from records and settings. */
export const attendanceAlert = z.object({
  id: z.string(),
  kind: alertKind,
  message: z.string(),
  timestamp: z.string(),
  severity: alertSeverity,
  date: z.string(),
  userId: z.string(),
  userName: z.string(),
});
export type AttendanceAlert = z.infer<typeof attendanceAlert>;

/** How far back alerts look: two weeks of records, bounded so the query stays cheap. */
export const ALERT_WINDOW_DAYS = 14;
/** docs/product/attendance.md#settings: the expected work day. */
export const WORK_DAY_HOURS = 8;

export const alertsApi = endpoints('Attendance alerts', {
  mine: {
    method: 'GET',
    path: '/api/alerts/attendance',
    summary: "The caller's attendance alerts of the last days",
    access: 'signedIn',
    responses: { 200: z.array(attendanceAlert) },
  },
  everyone: {
    method: 'GET',
    path: '/api/admin/alerts',
    summary: "Everyone's attendance alerts",
    access: ['admin'],
    responses: { 200: z.array(attendanceAlert) },
  },
});
