import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { GAP_SECONDS, type Timesheet, type TimesheetDay, type TimesheetStatus } from '@contract/timesheets';
import { addDays, zonedDate } from '@contract/zoned-time';
import type { Db } from '../../db/types';
import { rowsOf } from '../../db/rows';
import { isoInstant } from '../../db/statements';
import { attendanceRecords, timesheets, users } from '../../db/schema';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { manages, maySee } from '../../core/scope';
import { expectedSecondsOn, lastWorkingDay, leaveCreditOf } from '../../core/time/expected';
import { ledgerRows } from '../../core/time/ledger';
import { overtimeOf } from '../../core/time/balance';
import { daysAround, type TimePerson, timePerson } from '../../core/time/people';
import { mondayOf, weekRange } from '../../core/time/weeks';

export const SHEET_NOT_FOUND = 'sheet_not_found';
export const nameOf = (actor: { firstName: string; lastName: string }) =>
  `${actor.firstName} ${actor.lastName}`;
const USER_NOT_FOUND = 'user_not_found';
export type SheetRow = typeof timesheets.$inferSelect;

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

/** The first day a week may be submitted: its last scheduled working day (else its Monday). */
export const submittableFrom = (person: TimePerson, monday: string) =>
  lastWorkingDay(person, monday, addDays(monday, 6)) ?? monday;

type PieceRow = { day: string; entry_id: string; secs: string | number; billable: boolean };
type EntryRow = {
  id: string;
  project: string | null;
  task: string | null;
  description: string;
  start_time: Date | string;
  end_time: Date | string;
  duration: number;
  running: boolean;
  billable: boolean;
  overlaps: boolean;
};

/**
 * The week's entries and running timer, with each one's part counted on each day by the ledger and
 * whether it overlaps another (two queries, whatever the week holds).
 */
async function weekEntries(ctx: Context, person: TimePerson, monday: string) {
  const range = { person, from: monday, to: addDays(monday, 6) };
  const pieces = await ledgerRows<PieceRow>(
    ctx.db,
    [range],
    { now: ctx.now },
    // Billable as billing says (docs/product/billing.md#billable): the entry's or timer's own switch, else its project's.
    sql`select pc.day::text as day, pc.entry_id::text, sum(pc.secs) as secs,
          coalesce(e.billable, a.billable, pr.billable, false) as billable
        from pieces pc left join time_entries e on e.id = pc.entry_id
          left join active_timers a on a.id = pc.entry_id left join projects pr on pr.id = pc.project_id
        group by 1, 2, 4`,
  );
  const { start, end } = weekRange(monday, person.zone);
  const entries = await rowsOf<EntryRow>(
    ctx.db,
    sql`select e.id, p.name as project, t.title as task, e.description, e.start_time, e.end_time, e.duration,
          false as running, coalesce(e.billable, p.billable, false) as billable,
          exists (select 1 from time_entries o where o.user_id = e.user_id and o.id <> e.id
            and o.start_time >= e.start_time - interval '1 day' and o.start_time < e.end_time
            and o.end_time > e.start_time) as overlaps
        from time_entries e left join projects p on p.id = e.project_id left join tasks t on t.id = e.task_id and t.deleted_at is null
        where e.user_id = ${person.userId} and e.start_time < ${end.toISOString()}::timestamptz
          and e.end_time > ${start.toISOString()}::timestamptz
          and e.start_time >= ${start.toISOString()}::timestamptz - interval '1 day'
      union all
      select a.id, p.name, t.title, a.description, a.start_time, ${ctx.now.toISOString()}::timestamptz,
          greatest(0, extract(epoch from ${ctx.now.toISOString()}::timestamptz - a.start_time))::int, true,
          coalesce(a.billable, p.billable, false), false
        from active_timers a left join projects p on p.id = a.project_id left join tasks t on t.id = a.task_id and t.deleted_at is null
        where a.user_id = ${person.userId} and a.start_time < ${end.toISOString()}::timestamptz
      order by 5, 1`,
  );
  return { pieces, entries };
}

export async function getTimesheet(
  ctx: Context,
  query: { week: string; userId?: string },
): Promise<Timesheet> {
  const userId = query.userId ?? ctx.actor.id;
  if (!(await maySee(ctx, userId))) throw notFound(USER_NOT_FOUND);
  const monday = mondayOf(query.week);
  // The week, and this month so far for the overtime balance.
  const person = await timePerson(
    ctx.db,
    userId,
    (await ctx.settings()).timeZone,
    daysAround(ctx.now, { from: monday, to: addDays(monday, 6) }),
  );
  if (!person) throw notFound(USER_NOT_FOUND);
  const zone = person.zone;
  const { start, end } = weekRange(monday, zone);
  const sheet = await sheetOf(ctx.db, userId, monday);
  const { pieces, entries } = await weekEntries(ctx, person, monday);
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
    return {
      date,
      trackedSeconds: 0,
      billableSeconds: 0,
      attendedSeconds: 0,
      expectedSeconds: expectedSecondsOn(person, date),
      differenceSeconds: 0,
      gap: false,
      overlap: false,
      off: (person.off.get(date) ?? []).map((o) =>
        o.kind === 'holiday'
          ? {
              kind: o.kind,
              name: o.name,
              color: null,
              company: o.company,
              fraction: o.fraction,
              seconds: 0,
              paid: false,
              compensation: false,
              creditSeconds: 0,
            }
          : {
              kind: o.kind,
              name: o.typeName,
              color: o.color,
              company: false,
              fraction: o.fraction,
              seconds: o.seconds,
              paid: o.paid && !o.compensation,
              compensation: o.compensation,
              creditSeconds: leaveCreditOf(person, date, o),
            },
      ),
      entries: [],
    };
  });
  const byDate = new Map(days.map((d) => [d.date, d]));
  const counted = new Map(pieces.map((p) => [`${p.day} ${p.entry_id}`, Number(p.secs)]));
  for (const piece of pieces) {
    const day = byDate.get(piece.day);
    if (!day) continue;
    day.trackedSeconds += Number(piece.secs);
    if (piece.billable) day.billableSeconds += Number(piece.secs);
  }
  for (const e of entries) {
    const startTime = isoInstant(e.start_time);
    const endTime = isoInstant(e.end_time);
    const first = zonedDate(new Date(startTime), zone);
    // An entry ending exactly at midnight ends on the day before (its last second is before it).
    const last = zonedDate(new Date(Math.max(Date.parse(startTime), Date.parse(endTime) - 1000)), zone);
    for (const day of days) {
      if (day.date < first || day.date > last) continue;
      day.entries.push({
        id: e.id,
        project: e.project,
        task: e.task,
        description: e.description,
        startTime,
        endTime,
        duration: Number(e.duration),
        countedSeconds: counted.get(`${day.date} ${e.id}`) ?? 0,
        fromPreviousDay: first < day.date,
        intoNextDay: last > day.date,
        overlaps: e.overlaps,
        running: e.running,
        billable: e.billable,
      });
      if (e.overlaps) day.overlap = true;
    }
  }
  for (const record of records) {
    const day = byDate.get(zonedDate(record.clockIn, zone));
    if (day) day.attendedSeconds += Math.round(Number(record.seconds));
  }
  const totals = {
    trackedSeconds: 0,
    billableSeconds: 0,
    attendedSeconds: 0,
    expectedSeconds: 0,
    differenceSeconds: 0,
  };
  for (const day of days) {
    day.differenceSeconds = day.trackedSeconds - day.expectedSeconds;
    day.gap = Math.abs(day.trackedSeconds - day.attendedSeconds) > GAP_SECONDS;
    totals.trackedSeconds += day.trackedSeconds;
    totals.billableSeconds += day.billableSeconds;
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
  const from = submittableFrom(person, monday);
  const submittable = zonedDate(ctx.now, zone) >= from;
  return {
    id: sheet?.id ?? null,
    userId,
    userName: person.name,
    weekStart: monday,
    weekEnd: addDays(monday, 6),
    timeZone: zone,
    status,
    comment: sheet?.comment ?? null,
    submittedAt: sheet?.submittedAt?.toISOString() ?? null,
    decidedBy: decider ? `${decider.f} ${decider.l}` : null,
    decidedAt: sheet?.decidedAt?.toISOString() ?? null,
    locked: status === 'submitted' || status === 'approved',
    submittableFrom: from,
    days,
    totals,
    overtime: await overtimeOf(ctx.db, person, ctx.now),
    can: {
      submit: own && submittable && (status === 'open' || status === 'rejected'),
      withdraw: own && status === 'submitted',
      decide: status === 'submitted' && (await mayDecide(ctx, userId)),
      reopen: status === 'approved' && ctx.actor.role === 'admin',
    },
  };
}
