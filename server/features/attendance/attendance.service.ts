import { offDays } from '../../core/time/calendar';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AttendanceRecord } from '@contract/attendance';
import type { Settings } from '@contract/settings';
import type { Db } from '../../db/types';
import { attendanceRecords } from '../../db/schema';
import { assertWeeksOpen } from '../../core/time/week-lock';
import { notifyLateArrival } from './alerts.notify';
import { announceNotifications } from '../../core/notify';
import type { Context } from '../../lib/context';
import { conflict, isUniqueViolation } from '../../lib/errors';
import { zonedDate, zonedInstant } from '@contract/zoned-time';
import {
  arrivalStatus,
  breakMinutesUntil,
  closingValues,
  type RecordRow,
  toRecord,
} from './attendance.records';

const NOT_CLOCKED_IN = 'not_clocked_in';

async function findOpen(db: Db, userId: string): Promise<RecordRow | undefined> {
  const [row] = await db
    .select()
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.userId, userId), isNull(attendanceRecords.clockOut)))
    .limit(1);
  return row;
}

/** Unique violations arrive wrapped by drizzle on one driver and bare on the other. */
/**
 * Closes the user's records left open from days before `today`, at that day's expected clock-out
 * (or at clock-in, for someone who clocked in after it). Returns the records it closed.
 */
async function closeStale(db: Db, userId: string, settings: Settings, now: Date) {
  const today = zonedDate(now, settings.timeZone);
  const stale = await db
    .select()
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.userId, userId),
        isNull(attendanceRecords.clockOut),
        lt(attendanceRecords.date, today),
      ),
    );
  const closed: RecordRow[] = [];
  for (const row of stale) {
    const expectedOut = zonedInstant(row.date, settings.clockOut, settings.timeZone);
    const end = new Date(Math.max(expectedOut.getTime(), row.clockIn.getTime()));
    await assertWeeksOpen(db, userId, [row.clockIn, end], settings.timeZone);
    const [updated] = await db
      .update(attendanceRecords)
      .set(closingValues(row, end, true))
      .where(and(eq(attendanceRecords.id, row.id), isNull(attendanceRecords.clockOut)))
      .returning();
    if (updated) closed.push(updated);
  }
  return closed;
}

/** Clock in; a record still open from an earlier day is closed first, as the fix would. */
export async function clockIn(ctx: Context): Promise<AttendanceRecord> {
  const userId = ctx.actor.id;
  const settings = await ctx.settings();
  const now = ctx.now;
  const date = zonedDate(now, settings.timeZone);
  try {
    const { record, notified } = await ctx.db.transaction(async (tx) => {
      // The lock treats every record of a week alike: no clock-in in a submitted or approved week.
      await assertWeeksOpen(tx, userId, [now], settings.timeZone);
      await closeStale(tx, userId, settings, now);
      const open = await findOpen(tx, userId);
      if (open) throw conflict('already_clocked_in', { currentRecord: toRecord(open) });
      // Only the day's first clock-in is an arrival; a later shift of the same day is never late.
      const earlier = await tx.$count(
        attendanceRecords,
        and(eq(attendanceRecords.userId, userId), eq(attendanceRecords.date, date)),
      );
      // Nobody arrives late on their holiday or time off (docs/product/time-off.md#counting).
      const dayOff = ((await offDays(tx, [userId], date, date)).get(userId)?.get(date) ?? []).length > 0;
      const status = earlier > 0 || dayOff ? 'present' : arrivalStatus(now, date, settings);
      const [row] = await tx
        .insert(attendanceRecords)
        .values({ userId, date, clockIn: now, status })
        .returning();
      // A late arrival tells the person's managers and the admins, with the clock-in (docs/product/notifications.md#events).
      const notified = status === 'late' ? await notifyLateArrival(ctx, tx, row, settings) : [];
      return { record: toRecord(row), notified };
    });
    await announceNotifications(ctx, notified);
    return record;
  } catch (err) {
    // Two clock-ins at once: the partial unique index lets one through; the other lands here.
    if (!isUniqueViolation(err)) throw err;
    const open = await findOpen(ctx.db, userId);
    throw conflict('already_clocked_in', open ? { currentRecord: toRecord(open) } : undefined);
  }
}

/** The open record of today; one left open from an earlier day needs the fix, not a clock-out. */
async function openToday(ctx: Context) {
  const userId = ctx.actor.id;
  const settings = await ctx.settings();
  const now = ctx.now;
  const open = await findOpen(ctx.db, userId);
  if (!open) throw conflict(NOT_CLOCKED_IN);
  if (open.date < zonedDate(now, settings.timeZone)) {
    throw conflict('not_clocked_in_today', { values: { date: open.date } });
  }
  // Clocking out and breaks change the week's attendance: refused, like its time, once it is locked.
  await assertWeeksOpen(ctx.db, userId, [open.clockIn, now], settings.timeZone);
  return { open, now };
}

export async function clockOut(ctx: Context): Promise<AttendanceRecord> {
  const { open, now } = await openToday(ctx);
  const [row] = await ctx.db
    .update(attendanceRecords)
    .set(closingValues(open, now, false))
    .where(and(eq(attendanceRecords.id, open.id), isNull(attendanceRecords.clockOut)))
    .returning();
  if (!row) throw conflict(NOT_CLOCKED_IN);
  return toRecord(row);
}

export async function startBreak(ctx: Context): Promise<AttendanceRecord> {
  const { open, now } = await openToday(ctx);
  if (open.breakStartedAt) throw conflict('already_on_break');
  const [row] = await ctx.db
    .update(attendanceRecords)
    .set({ breakStartedAt: now })
    .where(
      and(
        eq(attendanceRecords.id, open.id),
        isNull(attendanceRecords.clockOut),
        isNull(attendanceRecords.breakStartedAt),
      ),
    )
    .returning();
  if (!row) throw conflict('already_on_break');
  return toRecord(row);
}

export async function endBreak(ctx: Context): Promise<AttendanceRecord> {
  const { open, now } = await openToday(ctx);
  if (!open.breakStartedAt) throw conflict('not_on_break');
  const [row] = await ctx.db
    .update(attendanceRecords)
    .set({
      breakMinutes: open.breakMinutes + breakMinutesUntil(open.breakStartedAt, now),
      breakStartedAt: null,
    })
    .where(and(eq(attendanceRecords.id, open.id), eq(attendanceRecords.breakStartedAt, open.breakStartedAt)))
    .returning();
  if (!row) throw conflict('not_on_break');
  return toRecord(row);
}

/** POST /api/attendance/fix (docs/product/attendance.md#open-records-fix): closes records left open from earlier days. */
export async function fixOpenRecords(ctx: Context): Promise<{ message: string }> {
  const userId = ctx.actor.id;
  const settings = await ctx.settings();
  const closed = await closeStale(ctx.db, userId, settings, ctx.now);
  if (closed.length === 0) return { message: 'No attendance records needed fixing' };
  const days = closed.map((r) => r.date).join(', ');
  return { message: `Closed the record left open on ${days} at the expected clock-out ${settings.clockOut}` };
}
