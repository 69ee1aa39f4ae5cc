import { type SQL, sql } from 'drizzle-orm';
import type { TimeGrid, TimeGridQuery, TimeReport, TimeReportQuery, TimeReportRow } from '@contract/reports';
import { reportRows as rowsOf } from './report-scope';
import type { Context } from '../../lib/context';
import { type ReportScope, reportScope } from './report-scope';

/**
 * The scope's entries that overlap the range, as (user_id, project_id, start_time, end_time). An
 * entry of up to a day that overlaps the range starts at most a day before it: those are read from
 * the covering start index alone (no table rows: a month for everyone is ~90,000 entries scattered
 * over the table). Longer ones are rare and have their own partial index. Two branches of a
 * UNION ALL rather than one OR, which would make PostgreSQL visit the table for both.
 */
function entriesIn(s: ReportScope): SQL {
  const lo = sql`${s.lo.toISOString()}::timestamptz`;
  const hi = sql`${s.hi.toISOString()}::timestamptz`;
  const scope = sql`${s.people(sql.raw('user_id'))}
        ${s.projectId ? sql`and project_id = ${s.projectId}` : sql``}`;
  return sql`(
      select user_id, project_id, start_time, end_time from time_entries
      where start_time >= ${lo} - interval '1 day' and start_time < ${hi} and end_time > ${lo}
        and end_time - start_time <= interval '1 day' ${scope}
      union all
      select user_id, project_id, start_time, end_time from time_entries
      where start_time < ${hi} and end_time > ${lo} and end_time - start_time > interval '1 day' ${scope}
    )`;
}

/**
 * The tracked time of the scope cut into pieces per calendar day of the viewer's zone: an entry
 * that crosses midnight counts on both days, each piece as long as it really was (23- and 25-hour
 * days included: `timestamp at time zone` resolves local midnights with the zone's rules). The
 * range's days are a small table of [lo, hi) instants, converted once each; every entry is then
 * joined to the days it overlaps with plain comparisons, read from the covering start index (an
 * entry of up to a day overlapping a day starts at most a day before it), instead of converting
 * each entry's ends to local dates.
 */
export function piecesCte(s: ReportScope): SQL {
  const tz = s.timeZone;
  const scope = sql`${s.people(sql.raw('e.user_id'))}
        ${s.projectId ? sql`and e.project_id = ${s.projectId}` : sql``}`;
  const piece = sql`e.user_id, e.project_id, d.day,
        extract(epoch from least(e.end_time, d.hi) - greatest(e.start_time, d.lo)) as secs`;
  return sql`
    with days as (
      select (${s.from}::date + i) as day,
        (${s.from}::date + i)::timestamp at time zone ${tz} as lo,
        (${s.from}::date + i + 1)::timestamp at time zone ${tz} as hi
      from generate_series(0, ${s.days.length - 1}) as i
    ), long as materialized (
      -- read once through the partial index: joined to the days, the planner would take the
      -- start index and read every earlier entry for each day
      select e.user_id, e.project_id, e.start_time, e.end_time from time_entries e
      where e.end_time - e.start_time > interval '1 day'
        and e.start_time < ${s.hi.toISOString()}::timestamptz and e.end_time > ${s.lo.toISOString()}::timestamptz ${scope}
    ), kept as (
      select ${piece} from days d join time_entries e
        on e.start_time >= d.lo - interval '1 day' and e.start_time < d.hi and e.end_time > d.lo
          and e.end_time - e.start_time <= interval '1 day' ${scope}
          -- the whole range as constants too: the planner can estimate these (not the per-day
          -- bounds), so a team's report reads its people's entries of the range and no more
          and e.start_time >= ${s.lo.toISOString()}::timestamptz - interval '1 day'
          and e.start_time < ${s.hi.toISOString()}::timestamptz
      union all
      select ${piece} from days d join long e on e.start_time < d.hi and e.end_time > d.lo
    )`;
}

/**
 * The tracked time of the scope with each entry clipped to the range: what a total per user or per
 * project needs, without cutting entries into days (the range's ends are local midnights already).
 */
export function clippedCte(s: ReportScope): SQL {
  const lo = s.lo.toISOString();
  const hi = s.hi.toISOString();
  return sql`
    with kept as (
      select e.user_id, e.project_id,
        extract(epoch from least(e.end_time, ${hi}::timestamptz) - greatest(e.start_time, ${lo}::timestamptz)) as secs
      from ${entriesIn(s)} e
    )`;
}

const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLabel = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/** The Monday of the day's week ('YYYY-MM-DD'). */
export function weekStart(day: string): string {
  const d = asUtc(day);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The periods of the range, each once, in order: what a period report lists even when empty. */
function periodsOf(s: ReportScope, groupBy: 'day' | 'week' | 'month'): { key: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const day of s.days) {
    if (groupBy === 'day') seen.set(day, dayLabel.format(asUtc(day)));
    else if (groupBy === 'week') {
      const monday = weekStart(day);
      seen.set(monday, `Week of ${dayLabel.format(asUtc(monday))}`);
    } else {
      const first = `${day.slice(0, 7)}-01`;
      seen.set(first, monthLabel.format(asUtc(first)));
    }
  }
  return [...seen].map(([key, label]) => ({ key, label }));
}

type GroupRow = { key: string; label: string; seconds: string | number };

/** Tracked time grouped by project, user, day, week or month, with each group's share; one query. */
export async function timeReport(ctx: Context, query: TimeReportQuery): Promise<TimeReport> {
  const s = await reportScope(ctx, query);
  const { groupBy } = query;
  const select: Record<typeof groupBy, SQL> = {
    // Summed by id first, named after: sorting every entry by a text key costs more than the sum.
    project: sql`
      select coalesce(g.project_id::text, 'none') as key, coalesce(p.name, 'No project') as label, g.seconds
      from (select project_id, round(sum(secs))::bigint as seconds from kept group by project_id) g
        left join projects p on p.id = g.project_id
      order by seconds desc, label`,
    user: sql`
      select g.user_id::text as key, u.first_name || ' ' || u.last_name as label, g.seconds
      from (select user_id, round(sum(secs))::bigint as seconds from kept group by user_id) g
        join users u on u.id = g.user_id
      order by seconds desc, label`,
    day: sql`select day::text as key, '' as label, round(sum(secs))::bigint as seconds from kept group by 1`,
    week: sql`
      select date_trunc('week', day)::date::text as key, '' as label, round(sum(secs))::bigint as seconds
      from kept group by 1`,
    month: sql`
      select date_trunc('month', day)::date::text as key, '' as label, round(sum(secs))::bigint as seconds
      from kept group by 1`,
  };
  const byName = groupBy === 'project' || groupBy === 'user';
  const cte = byName ? clippedCte(s) : piecesCte(s);
  const found = await rowsOf<GroupRow>(ctx.db, sql`${cte} ${select[groupBy]}`);
  let rows: Omit<TimeReportRow, 'share'>[];
  if (byName) {
    rows = found.map((r) => ({ key: r.key, label: r.label, seconds: Number(r.seconds) }));
  } else {
    const byKey = new Map(found.map((r) => [r.key, Number(r.seconds)]));
    rows = periodsOf(s, groupBy).map((p) => ({ ...p, seconds: byKey.get(p.key) ?? 0 }));
  }
  const totalSeconds = rows.reduce((sum, r) => sum + r.seconds, 0);
  return {
    from: s.from,
    to: s.to,
    timeZone: s.timeZone,
    groupBy,
    totalSeconds,
    rows: rows.map((r) => ({ ...r, share: totalSeconds ? r.seconds / totalSeconds : 0 })),
  };
}

type GridRow = { user_id: string; name: string; day: string | null; seconds: string | number | null };

/**
 * Tracked time per user and day. Rows: the active, approved users in scope (so a week nobody on
 * the team tracked shows as zeros, not as a blank) and anyone else who tracked time in the range.
 */
export async function timeGrid(ctx: Context, query: TimeGridQuery): Promise<TimeGrid> {
  const s = await reportScope(ctx, query);
  const found = await rowsOf<GridRow>(
    ctx.db,
    sql`${piecesCte(s)}, sums as (
      select user_id, day, round(sum(secs))::bigint as seconds from kept group by 1, 2
    ), people as (
      select u.id from users u
      where u.is_active and u.approval_status = 'approved'
        ${s.people(sql.raw('u.id'))}
      union select user_id from sums
    )
    select u.id::text as user_id, u.first_name || ' ' || u.last_name as name, s.day::text as day, s.seconds
    from people p join users u on u.id = p.id left join sums s on s.user_id = p.id
    order by u.first_name, u.last_name, u.id`,
  );
  const column = new Map(s.days.map((d, i) => [d, i]));
  const rows: TimeGrid['rows'] = [];
  let current: TimeGrid['rows'][number] | undefined;
  for (const r of found) {
    if (current?.userId !== r.user_id) {
      current = { userId: r.user_id, name: r.name, seconds: s.days.map(() => 0), totalSeconds: 0 };
      rows.push(current);
    }
    if (r.day !== null) {
      const seconds = Number(r.seconds);
      current.seconds[column.get(r.day) as number] = seconds;
      current.totalSeconds += seconds;
    }
  }
  const dayTotals = s.days.map((_, i) => rows.reduce((sum, r) => sum + r.seconds[i], 0));
  return {
    from: s.from,
    to: s.to,
    timeZone: s.timeZone,
    days: s.days,
    rows,
    dayTotals,
    totalSeconds: dayTotals.reduce((a, b) => a + b, 0),
  };
}
