import { addDays, zonedDate, zonedDayRange } from '@contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import { wholeSeconds } from './instants';
import type { TimePerson } from './people';

/**
 * THE ledger of hours (docs/product/time-tracking.md#ledger): how much time a person tracked on
 * each day of their own calendar. Every screen, report and export that shows tracked time reads it
 * from here, so the same person, days and entries give the same seconds everywhere.
 *
 * - A day is the person's own: local midnight to local midnight in their zone (23 or 25 hours on
 *   DST days); an entry that crosses midnight counts on both days, each part as long as it was.
 * - A person's time counts once: where their entries overlap, the earlier entry keeps the time and
 *   a later one counts only what no earlier one covered (the overlap is flagged, not added).
 * - A running timer counts up to now.
 * - Instants are whole seconds, so every figure is a whole number of seconds.
 */

/** Whose days to count: a person and the first and last day (inclusive) of their own calendar. */
export type LedgerRange = { person: Pick<TimePerson, 'userId' | 'zone'>; from: string; to: string };

export type LedgerOptions = {
  /** running timers count up to this instant */
  now: Date;
  /** only time attributed to entries of this project */
  projectId?: string;
};

/** The local days of the ranges as instants, each (zone, day) once, by the runtime's zone rules. */
function zoneDays(ranges: readonly LedgerRange[]) {
  const seen = new Set<string>();
  const zones: string[] = [];
  const days: string[] = [];
  const los: string[] = [];
  const his: string[] = [];
  for (const { person, from, to } of ranges) {
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const key = `${person.zone} ${day}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const { start, end } = zonedDayRange(day, person.zone);
      zones.push(person.zone);
      days.push(day);
      los.push(start.toISOString());
      his.push(end.toISOString());
    }
  }
  return { zones, days, los, his };
}

const pgArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The ledger as SQL: a WITH clause that ends in `pieces(user_id, day, entry_id, project_id,
 * task_id, secs)`, one row per part of an entry (or running timer) counted on one of its person's
 * days. Callers aggregate it as they need (`select day, sum(secs) from pieces group by day`), in the
 * same statement, so every figure is one SQL aggregate over the same definition.
 *
 * Each person's entries are read through the (user_id, start_time) index: entries of up to a day
 * that overlap the range start at most a day before it; the rare longer ones have their own branch.
 */
export function ledgerSql(ranges: readonly LedgerRange[], options: LedgerOptions): SQL {
  const { zones, days, los, his } = zoneDays(ranges);
  const now = wholeSeconds(options.now).toISOString();
  const project = options.projectId ? sql`and c.project_id = ${options.projectId}` : sql``;
  return sql`with people as (
      select * from unnest(${pgArray(ranges.map((r) => r.person.userId))}::uuid[],
        ${pgArray(ranges.map((r) => r.person.zone))}::text[],
        ${pgArray(ranges.map((r) => r.from))}::date[], ${pgArray(ranges.map((r) => r.to))}::date[])
        as p(user_id, zone, from_day, to_day)
    ), zone_days as (
      select * from unnest(${pgArray(zones)}::text[], ${pgArray(days)}::date[],
        ${pgArray(los)}::timestamptz[], ${pgArray(his)}::timestamptz[]) as z(zone, day, lo, hi)
    ), person_days as materialized (
      select p.user_id, z.day, z.lo, z.hi from people p
      join zone_days z on z.zone = p.zone and z.day between p.from_day and p.to_day
    ), bounds as materialized (
      select user_id, min(lo) as lo, max(hi) as hi from person_days group by user_id
    ), raw as (
      select e.id, e.user_id, e.project_id, e.task_id,
        date_trunc('second', e.start_time) as s, date_trunc('second', e.end_time) as f
      from bounds b join time_entries e on e.user_id = b.user_id
        and e.start_time >= b.lo - interval '1 day' and e.start_time < b.hi and e.end_time > b.lo
        and e.end_time - e.start_time <= interval '1 day'
      union all
      select e.id, e.user_id, e.project_id, e.task_id,
        date_trunc('second', e.start_time), date_trunc('second', e.end_time)
      from bounds b join time_entries e on e.user_id = b.user_id
        and e.start_time < b.hi and e.end_time > b.lo and e.end_time - e.start_time > interval '1 day'
      union all
      select t.id, t.user_id, t.project_id, t.task_id, date_trunc('second', t.start_time), ${now}::timestamptz
      from bounds b join active_timers t on t.user_id = b.user_id
        and t.start_time < b.hi and t.start_time < ${now}::timestamptz and ${now}::timestamptz > b.lo
    ), counted as (
      select r.*, greatest(r.s, coalesce(max(r.f) over (
          partition by r.user_id order by r.s, r.id rows between unbounded preceding and 1 preceding), r.s)) as cs
      from raw r
    ), pieces as (
      -- A local day is within a day of the UTC one (zones are at most 14 hours off): each interval is
      -- joined to its few candidate days by equality, not compared with every day of its person.
      select c.user_id, d.day, c.id as entry_id, c.project_id, c.task_id,
        extract(epoch from least(c.f, d.hi) - greatest(c.cs, d.lo))::bigint as secs
      from counted c
      cross join lateral generate_series((c.cs at time zone 'UTC')::date - 1, (c.f at time zone 'UTC')::date + 1,
        interval '1 day') as g(day)
      join person_days d on d.user_id = c.user_id and d.day = g.day::date and c.cs < d.hi and c.f > d.lo
      where c.f > c.cs ${project}
    )`;
}

/**
 * A query over the ledger without PostgreSQL's JIT: a month over everyone is estimated costly enough
 * to be compiled, and compiling takes far longer (seconds) than running it (milliseconds).
 */
export async function ledgerRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<T>(tx as unknown as Db, query);
  });
}

/** Tracked seconds per person and day: `byDay.get(userId)?.get(day) ?? 0`. */
export async function trackedByDay(
  db: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
): Promise<Map<string, Map<string, number>>> {
  const result = new Map<string, Map<string, number>>();
  if (ranges.length === 0) return result;
  const rows = await ledgerRows<{ user_id: string; day: string; seconds: string | number }>(
    db,
    sql`${ledgerSql(ranges, options)}
      select user_id::text, day::text, sum(secs) as seconds from pieces group by 1, 2`,
  );
  for (const r of rows) {
    const days = result.get(r.user_id) ?? new Map<string, number>();
    result.set(r.user_id, days);
    days.set(r.day, Number(r.seconds));
  }
  return result;
}

/** Tracked seconds per person over their whole range. */
export async function trackedTotals(
  db: Db,
  ranges: readonly LedgerRange[],
  options: LedgerOptions,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const [userId, days] of await trackedByDay(db, ranges, options)) {
    let sum = 0;
    for (const seconds of days.values()) sum += seconds;
    totals.set(userId, sum);
  }
  return totals;
}

/** Seconds the person tracked today (their own day, a running timer up to now) and which day that is. */
export async function trackedToday(db: Db, person: Pick<TimePerson, 'userId' | 'zone'>, now: Date) {
  const today = zonedDate(now, person.zone);
  const totals = await trackedTotals(db, [{ person, from: today, to: today }], { now });
  return { today, seconds: totals.get(person.userId) ?? 0 };
}

/**
 * Every second the person ever tracked, counted once as the ledger counts it (overlaps once, a
 * running timer up to now), with the number of entries: the tracker's all-time figures.
 */
export async function trackedAllTime(db: Db, userId: string, now: Date) {
  const at = wholeSeconds(now).toISOString();
  const [row] = await rowsOf<{ seconds: string | number | null; entries: string | number }>(
    db,
    sql`select sum(extract(epoch from c.f - c.cs))::bigint as seconds,
          (select count(*) from time_entries where user_id = ${userId}) as entries
        from (
          select r.s, r.f, greatest(r.s, coalesce(max(r.f) over (
              order by r.s, r.id rows between unbounded preceding and 1 preceding), r.s)) as cs
          from (
            select id, date_trunc('second', start_time) as s, date_trunc('second', end_time) as f
            from time_entries where user_id = ${userId}
            union all
            select id, date_trunc('second', start_time), ${at}::timestamptz from active_timers
            where user_id = ${userId} and start_time < ${at}::timestamptz
          ) r
        ) c
        where c.f > c.cs`,
  );
  return { seconds: Number(row?.seconds ?? 0), entries: Number(row?.entries ?? 0) };
}
