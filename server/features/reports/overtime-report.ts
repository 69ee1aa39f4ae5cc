import { sql } from 'drizzle-orm';
import type { OvertimeReport, OvertimeReportQuery } from '@contract/reports';
import type { Context } from '../../lib/context';
import { zonedDate, zonedDayRange } from '@contract/zoned-time';
import { ORGANISATION_SCHEDULE } from '@contract/schedules';
import { expectedSecondsOn } from '../../core/time/schedule';
import { reportRows as rowsOf, reportScope } from './report-scope';
import { clippedCte } from './time-report';

type Row = {
  user_id: string;
  name: string;
  since: string;
  tracked: string | number;
  minutes: number[] | null;
};

/**
 * Expected against tracked time per user (docs/decisions/012-reports.md). Days after today are
 * not counted (a month in progress is not yet owed), nor days before the user joined. Expected
 * time comes from each user's work schedule (the organisation's 8 h Monday to Friday without one;
 * docs/product/teams.md), read in the same query.
 */
export async function overtimeReport(ctx: Context, query: OvertimeReportQuery): Promise<OvertimeReport> {
  const s = await reportScope(ctx, query);
  const today = zonedDate(ctx.now, s.timeZone);
  const countedTo = [s.to, today].sort()[0];
  const days = s.days.filter((d) => d <= countedTo);
  const counted = { ...s, to: countedTo, days };
  const rows =
    days.length === 0
      ? []
      : await rowsOf<Row>(
          ctx.db,
          sql`${clippedCte({ ...counted, hi: zonedDayRange(countedTo, s.timeZone).end })}, tracked as (
            select user_id, round(sum(secs))::bigint as secs from kept group by 1
          ), people as (
            select u.id from users u
            where u.is_active and u.approval_status = 'approved'
              ${s.people(sql.raw('u.id'))}
            union select user_id from tracked
          )
          select u.id::text as user_id, u.first_name || ' ' || u.last_name as name,
            (u.created_at at time zone ${s.timeZone})::date::text as since, coalesce(t.secs, 0) as tracked,
            ws.minutes
          from people p join users u on u.id = p.id left join tracked t on t.user_id = p.id
            left join work_schedules ws on ws.user_id = p.id
          order by u.first_name, u.last_name, u.id`,
        );
  const users = rows.map((r) => {
    const expectedSeconds = days.reduce(
      (sum, d) => sum + expectedSecondsOn(r.minutes ?? ORGANISATION_SCHEDULE, d, r.since),
      0,
    );
    const trackedSeconds = Number(r.tracked);
    return {
      userId: r.user_id,
      name: r.name,
      expectedSeconds,
      trackedSeconds,
      balanceSeconds: trackedSeconds - expectedSeconds,
    };
  });
  const sum = (k: 'expectedSeconds' | 'trackedSeconds' | 'balanceSeconds') =>
    users.reduce((total, u) => total + u[k], 0);
  return {
    from: s.from,
    to: s.to,
    timeZone: s.timeZone,
    countedTo,
    users,
    totals: {
      expectedSeconds: sum('expectedSeconds'),
      trackedSeconds: sum('trackedSeconds'),
      balanceSeconds: sum('balanceSeconds'),
    },
  };
}
