import { z } from 'zod';

export const alertSeverity = z.enum(['info', 'warning', 'critical']);
export type AlertSeverity = z.infer<typeof alertSeverity>;
export const alertKind = z.enum(['late_arrival', 'missing_clock_out', 'long_day']);

/** Attendance alert (spec point 3), derived on read from records and settings (decisions §8). */
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
/** Spec point 9: the expected work day. */
export const WORK_DAY_HOURS = 8;
