import { sql } from 'drizzle-orm';
import type { AttendanceReport, AttendanceReportQuery } from '@contract/reports';
import type { Context } from '../../lib/context';
import { addDays } from '@contract/zoned-time';
import { ledgerRows } from '../../core/time/ledger';
import { reportScope } from './report-scope';

type DayRow = {
  user_id: string;
  name: string;
  day: string;
  attended: string | number;
  tracked: string | number;
  present: boolean;
  late: string | number;
  missed: string | number;
  breaks: string | number;
};

/**
 * Attendance per user and day against tracked time (docs/decisions/012-reports.md): a record
 * counts on the person's own calendar day of its clock-in, like tracked time (the ledger's days). Attended time is the
 * record's worked hours (breaks excluded); today's open record counts up to now, an open record of
 * an earlier day counts nothing and is a missed clock-out (as is one the fix closed). A late arrival
 * is a record judged late at clock-in by the settings saved then (docs/decisions/006-…).
 */
export async function attendanceReport(
  ctx: Context,
  query: AttendanceReportQuery,
): Promise<AttendanceReport> {
  const s = await reportScope(ctx, query);
  const now = sql`${ctx.now.toISOString()}::timestamptz`;
  const rows =
    s.people.length === 0
      ? []
      : await ledgerRows<DayRow>(
          ctx.db,
          s.ranges,
          { now: ctx.now, perDay: true, personDays: true },
          sql`, tracked as (
      select user_id, day, sum(secs)::bigint as secs from pieces group by 1, 2
    ), today as (
      select user_id, day from person_days where lo <= ${now} and hi > ${now}
    ), recs as (
      select r.user_id, d.day, r.status, r.break_minutes,
        case
          when r.clock_out is not null then round(coalesce(r.total_hours, 0) * 3600)
          when exists (select 1 from today t where t.user_id = r.user_id and t.day = d.day)
            then greatest(0, extract(epoch from (${now} - r.clock_in))
              - r.break_minutes * 60 - coalesce(extract(epoch from (${now} - r.break_started_at)), 0))
          else 0
        end as attended,
        (r.auto_closed or (r.clock_out is null and d.hi <= ${now})) as missed
      from person_days d join attendance_records r on r.user_id = d.user_id
        and r.clock_in >= d.lo and r.clock_in < d.hi
        -- the record's own (organisation) date is at most two days from the person's: the index narrows
        and r.date >= ${addDays(s.from, -2)} and r.date <= ${addDays(s.to, 2)}
    ), att as (
      select user_id, day, round(sum(attended))::bigint as attended,
        count(*) filter (where status = 'late') as late, count(*) filter (where missed) as missed,
        sum(break_minutes) as breaks
      from recs group by 1, 2
    )
    select coalesce(a.user_id, t.user_id)::text as user_id, u.first_name || ' ' || u.last_name as name,
      coalesce(a.day, t.day)::text as day, coalesce(a.attended, 0) as attended, coalesce(t.secs, 0) as tracked,
      a.user_id is not null as present, coalesce(a.late, 0) as late, coalesce(a.missed, 0) as missed,
      coalesce(a.breaks, 0) as breaks
    from att a full join tracked t on t.user_id = a.user_id and t.day = a.day
    join users u on u.id = coalesce(a.user_id, t.user_id)
    order by u.first_name, u.last_name, u.id, 3`,
        );
  const zero = () => ({
    attendedSeconds: 0,
    trackedSeconds: 0,
    differenceSeconds: 0,
    daysPresent: 0,
    lateArrivals: 0,
    missedClockOuts: 0,
    breakMinutes: 0,
  });
  const users: AttendanceReport['users'] = [];
  const totals = zero();
  const days: AttendanceReport['days'] = [];
  for (const r of rows) {
    const figures = {
      attendedSeconds: Number(r.attended),
      trackedSeconds: Number(r.tracked),
      differenceSeconds: Number(r.attended) - Number(r.tracked),
    };
    days.push({ userId: r.user_id, name: r.name, day: r.day, ...figures });
    let user = users.at(-1);
    if (user?.userId !== r.user_id) {
      user = { userId: r.user_id, name: r.name, ...zero() };
      users.push(user);
    }
    for (const target of [user, totals]) {
      target.attendedSeconds += figures.attendedSeconds;
      target.trackedSeconds += figures.trackedSeconds;
      target.differenceSeconds += figures.differenceSeconds;
      target.daysPresent += r.present ? 1 : 0;
      target.lateArrivals += Number(r.late);
      target.missedClockOuts += Number(r.missed);
      target.breakMinutes += Number(r.breaks);
    }
  }
  return { from: s.from, to: s.to, timeZone: s.timeZone, scope: s.info, users, days, totals };
}
