import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  GAP_SECONDS,
  type OvertimeBalance,
  type Timesheet,
  type TimesheetDay,
  type TimesheetStatus,
} from '@contract/timesheets';
import type { Db } from '../../db/types';
import { attendanceRecords, timeEntries, timesheets, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { addDays, zonedDate, zonedDayRange } from '@contract/zoned-time';
import { type CountingSchedule, expectedSecondsOn, scheduleOf } from '../../core/time/schedule';
import { maySee } from '../../core/scope';
import { selectEntries, toTimeEntry } from '../../core/time/entry-rows';
import { manages } from '../../core/scope';
import { mondayOf } from '../../core/time/week-lock';

export const SHEET_NOT_FOUND = 'Timesheet not found';
export const nameOf = (actor: { firstName: string; lastName: string }) =>
  `${actor.firstName} ${actor.lastName}`;
/** How a notification names a week: "the week of 27 Oct 2025". */
export const weekLabel = (monday: string) =>
  `the week of ${new Date(`${monday}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
const USER_NOT_FOUND = 'User not found';
export type SheetRow = typeof timesheets.$inferSelect;

/** [start, end) of the week starting on `monday` in the zone: 167 or 169 hours long in DST weeks. */
export function weekRange(monday: string, zone: string) {
  return { start: zonedDayRange(monday, zone).start, end: zonedDayRange(addDays(monday, 7), zone).start };
}

/** Seconds tracked in [start, end): entries counted on the day they start (as the tracker lists them). */
export async function trackedBetween(db: Db, userId: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`coalesce(sum(${timeEntries.duration}), 0)::int` })
    .from(timeEntries)
    .where(
      and(eq(timeEntries.userId, userId), gte(timeEntries.startTime, start), lt(timeEntries.startTime, end)),
    );
  return Number(row.seconds);
}

/**
 * Expected seconds of the days from `from` to `to` (inclusive) under a schedule, none before `since`
 * (the day the person joined: nobody owes hours from before their account existed).
 */
export function expectedBetween(minutes: readonly number[], from: string, to: string, since: string): number {
  let total = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) total += expectedSecondsOn(minutes, d, since);
  return total;
}

/**
 * Overtime (docs/product/timesheets.md#overtime): tracked − expected summed over approved weeks
 * (their totals are frozen at approval), and over the current month up to today.
 */
export async function overtimeOf(
  db: Db,
  userId: string,
  schedule: Pick<CountingSchedule, 'minutes' | 'effectiveTimeZone' | 'since'>,
  now: Date,
): Promise<OvertimeBalance> {
  const { minutes, effectiveTimeZone: zone, since } = schedule;
  const [approved] = await db
    .select({
      seconds: sql<number>`coalesce(sum(${timesheets.trackedSeconds} - ${timesheets.expectedSeconds}), 0)::int`,
    })
    .from(timesheets)
    .where(and(eq(timesheets.userId, userId), eq(timesheets.status, 'approved')));
  const today = zonedDate(now, zone);
  const first = `${today.slice(0, 8)}01`;
  const tracked = await trackedBetween(
    db,
    userId,
    zonedDayRange(first, zone).start,
    zonedDayRange(today, zone).end,
  );
  return {
    approvedSeconds: Number(approved.seconds),
    monthSeconds: tracked - expectedBetween(minutes, first, today, since),
    month: today.slice(0, 7),
  };
}

export async function sheetOf(db: Db, userId: string, monday: string): Promise<SheetRow | undefined> {
  const [row] = await db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.userId, userId), eq(timesheets.weekStart, monday)));
  return row;
}

/** The decision a caller may take on someone's sheet: never their own, never as an employee. */
export async function mayDecide(ctx: Context, userId: string): Promise<boolean> {
  if (userId === ctx.actor.id || ctx.actor.role === 'employee') return false;
  return ctx.actor.role === 'admin' || manages(ctx.db, ctx.actor.id, userId);
}

export async function getTimesheet(
  ctx: Context,
  query: { week: string; userId?: string },
): Promise<Timesheet> {
  const userId = query.userId ?? ctx.actor.id;
  if (!(await maySee(ctx, userId))) throw notFound(USER_NOT_FOUND);
  const schedule = await scheduleOf(ctx.db, userId, (await ctx.settings()).timeZone);
  if (!schedule) throw notFound(USER_NOT_FOUND);
  const zone = schedule.effectiveTimeZone;
  const monday = mondayOf(query.week);
  const { start, end } = weekRange(monday, zone);
  const [person] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const sheet = await sheetOf(ctx.db, userId, monday);
  const entries = await selectEntries(ctx.db)
    .where(
      and(eq(timeEntries.userId, userId), gte(timeEntries.startTime, start), lt(timeEntries.startTime, end)),
    )
    .orderBy(asc(timeEntries.startTime), asc(timeEntries.id));
  // Attended = clock-out (or now) − clock-in − breaks, on the day of the clock-in in the user's zone.
  const at = sql`${ctx.now.toISOString()}::timestamptz`;
  const records = await ctx.db
    .select({
      clockIn: attendanceRecords.clockIn,
      seconds: sql<number>`greatest(0, coalesce(${attendanceRecords.totalHours} * 3600,
        extract(epoch from (coalesce(${attendanceRecords.clockOut}, ${at}) - ${attendanceRecords.clockIn}))
          - ${attendanceRecords.breakMinutes} * 60))::float8`,
    })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.userId, userId),
        gte(attendanceRecords.clockIn, start),
        lt(attendanceRecords.clockIn, end),
      ),
    );
  const days: TimesheetDay[] = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    const expectedSeconds = expectedSecondsOn(schedule.minutes, date, schedule.since);
    return {
      date,
      trackedSeconds: 0,
      attendedSeconds: 0,
      expectedSeconds,
      differenceSeconds: 0,
      gap: false,
      entries: [],
    };
  });
  const dayOf = (instant: Date) => days.find((d) => d.date === zonedDate(instant, zone));
  for (const row of entries) {
    const entry = toTimeEntry(row, zone);
    const day = dayOf(new Date(entry.startTime));
    if (!day) continue;
    day.trackedSeconds += entry.duration;
    day.entries.push({
      id: entry.id,
      project: entry.project,
      task: entry.task,
      description: entry.description,
      startTime: entry.startTime,
      endTime: entry.endTime,
      duration: entry.duration,
    });
  }
  for (const record of records) {
    const day = dayOf(record.clockIn);
    if (day) day.attendedSeconds += Math.round(Number(record.seconds));
  }
  const totals = { trackedSeconds: 0, attendedSeconds: 0, expectedSeconds: 0, differenceSeconds: 0 };
  for (const day of days) {
    day.differenceSeconds = day.trackedSeconds - day.expectedSeconds;
    day.gap = Math.abs(day.trackedSeconds - day.attendedSeconds) > GAP_SECONDS;
    totals.trackedSeconds += day.trackedSeconds;
    totals.attendedSeconds += day.attendedSeconds;
    totals.expectedSeconds += day.expectedSeconds;
  }
  totals.differenceSeconds = totals.trackedSeconds - totals.expectedSeconds;
  const status: TimesheetStatus = sheet?.status ?? 'open';
  const decider = sheet?.decidedBy
    ? (
        await ctx.db
          .select({ f: users.firstName, l: users.lastName })
          .from(users)
          .where(eq(users.id, sheet.decidedBy))
      )[0]
    : undefined;
  const own = userId === ctx.actor.id;
  const started = monday <= mondayOf(zonedDate(ctx.now, zone));
  return {
    id: sheet?.id ?? null,
    userId,
    userName: person ? `${person.firstName} ${person.lastName}` : '',
    weekStart: monday,
    weekEnd: addDays(monday, 6),
    timeZone: zone,
    status,
    comment: sheet?.comment ?? null,
    submittedAt: sheet?.submittedAt?.toISOString() ?? null,
    decidedBy: decider ? `${decider.f} ${decider.l}` : null,
    decidedAt: sheet?.decidedAt?.toISOString() ?? null,
    locked: status === 'submitted' || status === 'approved',
    days,
    totals,
    overtime: await overtimeOf(ctx.db, userId, schedule, ctx.now),
    can: {
      submit: own && started && (status === 'open' || status === 'rejected'),
      withdraw: own && status === 'submitted',
      decide: status === 'submitted' && (await mayDecide(ctx, userId)),
      reopen: status === 'approved' && ctx.actor.role === 'admin',
    },
  };
}
