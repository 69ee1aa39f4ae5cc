import type { AttendanceRecord, AttendanceStatus } from '@contract/attendance';
import type { Settings } from '@contract/settings';
import type { attendanceRecords } from '../../db/schema';
import { zonedInstant } from '@contract/zoned-time';

export type RecordRow = typeof attendanceRecords.$inferSelect;

const MINUTE = 60_000;

export function toRecord(row: RecordRow): AttendanceRecord {
  return {
    id: row.id,
    date: row.date,
    clockIn: row.clockIn.toISOString(),
    clockOut: row.clockOut ? row.clockOut.toISOString() : null,
    totalHours: row.totalHours,
    breakTime: row.breakMinutes,
    breakStartedAt: row.breakStartedAt ? row.breakStartedAt.toISOString() : null,
    status: row.status,
    autoClosed: row.autoClosed,
  };
}

/** 'late' only when clock-in is strictly past expected clock-in + threshold (docs/product/attendance.md#arrival-status). */
export function arrivalStatus(clockIn: Date, date: string, settings: Settings): AttendanceStatus {
  const expected = zonedInstant(date, settings.clockIn, settings.timeZone).getTime();
  return clockIn.getTime() > expected + settings.lateThresholdMinutes * MINUTE ? 'late' : 'present';
}

/** Whole minutes of a break from its start until `end` (never negative). */
export function breakMinutesUntil(startedAt: Date | null, end: Date): number {
  if (!startedAt) return 0;
  return Math.max(0, Math.round((end.getTime() - startedAt.getTime()) / MINUTE));
}

/** The columns that close a record at `end`: a running break ends too and is left out of the hours. */
export function closingValues(row: RecordRow, end: Date, autoClosed: boolean) {
  const breakMinutes = row.breakMinutes + breakMinutesUntil(row.breakStartedAt, end);
  const workedMs = end.getTime() - row.clockIn.getTime() - breakMinutes * MINUTE;
  return {
    clockOut: end,
    breakMinutes,
    breakStartedAt: null,
    totalHours: Math.max(0, workedMs) / 3_600_000,
    autoClosed,
  };
}
