import { type SQL, sql } from 'drizzle-orm';
import { ALERT_WINDOW_DAYS, type AttendanceAlert, WORK_DAY_HOURS } from '@contract/alerts';
import type { Settings } from '@contract/settings';
import type { Context } from '../lib/context';
import { addDays, zonedClock, zonedDate } from '@contract/zoned-time';
import { inIds, rowsOf } from '../db/rows';
import type { Db } from '../db/types';
import { type Reader, readerOf } from './readers';
import { offDays } from './time/calendar';

export type AlertRow = {
  kind: AttendanceAlert['kind'];
  ref: string;
  user_id: string;
  date: string;
  at: number;
  amount: number | null;
  auto_closed: boolean;
  user_name: string;
};

const MAX_ALERTS = 500;

/** Alerts need no caller: the admin's list and counts are everyone's; the words are in the caller's language. */
type AlertContext = Pick<Context, 'db' | 'now' | 'settings' | 'language'>;

/**
 * The days alerts excuse (docs/product/time-off.md#counting): a person's public holidays and approved
 * leave in the alert window, as rows (user_id, date) for `alertsCte`. Late arrivals and missed
 * clock-outs never fire on them. The holidays come from the data set, so they are worked out here
 * and handed to SQL.
 */
export async function excusedDays(db: Db, s: Settings, now: Date, people?: readonly string[]) {
  const today = zonedDate(now, s.timeZone);
  const from = addDays(today, -(ALERT_WINDOW_DAYS - 1));
  const ids = people
    ? people
    : (
        await rowsOf<{ user_id: string }>(
          db,
          sql`select distinct user_id::text from attendance_records where date >= ${from}`,
        )
      ).map((r) => r.user_id);
  const users: string[] = [];
  const dates: string[] = [];
  for (const [id, days] of await offDays(db, ids, from, today)) {
    for (const [date, off] of days) {
      if (off.length === 0) continue;
      users.push(id);
      dates.push(date);
    }
  }
  return sql`select unnest(${`{${users.join(',')}}`}::uuid[]) as user_id, unnest(${`{${dates.join(',')}}`}::text[]) as date`;
}

/**
 * The `recs` and `alerts` CTEs: alerts derived on read from the last ALERT_WINDOW_DAYS days of
 * records and the current settings (docs/product/attendance.md#alerts), so changing a setting changes them at once.
 * Nothing is stored. Lateness is judged on the day's first clock-in only: coming back from lunch is
 * not arriving late. `people` limits them to those people; without it they are everyone's (admins).
 */
export function alertsCte(s: Settings, now: Date, excused: SQL, people?: readonly string[]) {
  const today = zonedDate(now, s.timeZone);
  const from = addDays(today, -(ALERT_WINDOW_DAYS - 1));
  const at = sql`${now.toISOString()}::timestamptz`;
  const ms = (expr: ReturnType<typeof sql>) => sql`(extract(epoch from ${expr}) * 1000)::float8`;
  return sql`
    with excused as (${excused}), recs as (
      select r.*,
        min(r.clock_in) over (partition by r.user_id, r.date) as first_in,
        ((r.date || ' ' || ${s.clockIn})::timestamp at time zone ${s.timeZone}) as expected_in,
        ((r.date || ' ' || ${s.clockOut})::timestamp at time zone ${s.timeZone}) as expected_out,
        coalesce(r.total_hours, greatest(0, extract(epoch from (${at} - r.clock_in)) / 3600
          - (r.break_minutes + coalesce(extract(epoch from (${at} - r.break_started_at)) / 60, 0)) / 60)) as hours
      from attendance_records r
      where r.date >= ${from} ${people ? sql`and r.user_id ${inIds(people)}` : sql``}
    ), alerts as (
      select 'late_arrival' as kind, id::text as ref, user_id, date, ${ms(sql`clock_in`)} as at,
        (extract(epoch from (clock_in - expected_in)) / 60)::float8 as amount, false as auto_closed
      from recs where clock_in = first_in and clock_in > expected_in + make_interval(mins => ${s.lateThresholdMinutes})
        and not exists (select 1 from excused e where e.user_id = recs.user_id and e.date = recs.date)
      union all
      select 'missing_clock_out', id::text, user_id, date, ${ms(sql`greatest(expected_out, clock_in)`)},
        null, auto_closed
      from recs
      where (auto_closed or (clock_out is null and (date < ${today} or (clock_in < expected_out and ${at} > expected_out))))
        and not exists (select 1 from excused e where e.user_id = recs.user_id and e.date = recs.date)
      union all
      select 'long_day', user_id::text || ':' || date, user_id, date, ${ms(sql`max(coalesce(clock_out, ${at}))`)},
        sum(hours)::float8, false
      from recs group by user_id, date having sum(hours) > ${WORK_DAY_HOURS}
    )`;
}

/** One person's alerts, or (no one given) everyone's. */
const onlyOf = (userId?: string) => (userId ? [userId] : undefined);

/** The alerts, newest first, at most MAX_ALERTS of them; one SQL query. */
export async function listAlerts(ctx: AlertContext, userId?: string): Promise<AttendanceAlert[]> {
  const s = await ctx.settings();
  const rows = await rowsOf<AlertRow>(
    ctx.db,
    sql`
    ${alertsCte(s, ctx.now, await excusedDays(ctx.db, s, ctx.now, onlyOf(userId)), onlyOf(userId))}
    select a.*, u.first_name || ' ' || u.last_name as user_name
    from alerts a join users u on u.id = a.user_id
    order by a.at desc, a.kind
    limit ${MAX_ALERTS}
  `,
  );
  const reader = readerOf(await ctx.language());
  return rows.map((row) => toAlert(row, s.clockIn, s.clockOut, s.timeZone, reader));
}

/** How many alerts there are, uncapped (the admin System Alerts card); the same derivation as listAlerts. */
export async function countAlerts(ctx: AlertContext, userId?: string): Promise<number> {
  const s = await ctx.settings();
  const [row] = await rowsOf<{ count: number | string }>(
    ctx.db,
    sql`
    ${alertsCte(s, ctx.now, await excusedDays(ctx.db, s, ctx.now, onlyOf(userId)), onlyOf(userId))}
    select count(*)::int as count from alerts a join users u on u.id = a.user_id
  `,
  );
  return Number(row.count);
}

/** The words of a late arrival: the alerts list and the `attendance_late` notification say the same. */
export const lateArrivalMessage = (
  { t }: Reader,
  at: Date,
  minutes: number,
  clockIn: string,
  timeZone: string,
) =>
  t('notifications:alerts.late_arrival', {
    time: zonedClock(at, timeZone),
    hours: Math.floor(minutes / 60),
    minutes: minutes < 60 ? minutes : minutes % 60,
    clockIn,
  });

/** An alert in the reader's words (the caller's, or a notification's recipient's). */
export function toAlert(
  row: AlertRow,
  clockIn: string,
  clockOut: string,
  timeZone: string,
  reader: Reader,
): AttendanceAlert {
  const { t } = reader;
  const at = new Date(Number(row.at));
  const base = {
    id: `${row.kind}:${row.ref}`,
    kind: row.kind,
    timestamp: at.toISOString(),
    date: row.date,
    userId: row.user_id,
    userName: row.user_name,
  };
  switch (row.kind) {
    case 'late_arrival': {
      const minutes = Math.round(Number(row.amount));
      return {
        ...base,
        severity: minutes >= 60 ? 'critical' : 'warning',
        message: lateArrivalMessage(reader, at, minutes, clockIn, timeZone),
      };
    }
    case 'missing_clock_out':
      return {
        ...base,
        severity: 'critical',
        message: row.auto_closed
          ? t('notifications:alerts.missing_clock_out_closed', { time: zonedClock(at, timeZone) })
          : t('notifications:alerts.missing_clock_out_open', { clockOut }),
      };
    default:
      return {
        ...base,
        severity: 'info',
        message: t('notifications:alerts.long_day', {
          hours: reader.decimal(Number(row.amount), 1),
          limit: WORK_DAY_HOURS,
        }),
      };
  }
}
