import { sql } from 'drizzle-orm';
import type { TimeSummary } from '@contract/time-entries';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { zonedDate, zonedDayRange } from '../../lib/zoned-time';

/**
 * Seconds the user tracked inside [from, to): only the part of each entry within the range, plus
 * the running timer up to `now`. Computed in SQL over the (user_id, start_time) index.
 */
export async function trackedSecondsBetween(db: Db, userId: string, fromDate: Date, toDate: Date, now: Date) {
  // ISO text with explicit casts: both drivers then bind the same way.
  const from = sql`${fromDate.toISOString()}::timestamptz`;
  const to = sql`${toDate.toISOString()}::timestamptz`;
  const [row] = await rowsOf<{ seconds: string | number }>(
    db,
    sql`
    select coalesce((
      select sum(extract(epoch from least(e.end_time, ${to}) - greatest(e.start_time, ${from})))
      from time_entries e
      where e.user_id = ${userId} and e.start_time < ${to} and e.end_time > ${from}
    ), 0) + coalesce((
      select greatest(0, extract(epoch from least(${now.toISOString()}::timestamptz, ${to}) - greatest(t.start_time, ${from})))
      from active_timers t
      where t.user_id = ${userId}
    ), 0) as seconds`,
  );
  return Number(row?.seconds ?? 0);
}

/** The org-zone day `now` falls in and the hours tracked inside it (a 23 or 25 h day on DST days). */
export async function todayTracked(db: Db, userId: string, now: Date, timeZone: string) {
  const today = zonedDate(now, timeZone);
  const { start, end } = zonedDayRange(today, timeZone);
  const seconds = await trackedSecondsBetween(db, userId, start, end, now);
  return { today, hours: seconds / 3600 };
}

/** Total Hours, Entries and Today of the tracker (decisions §10). */
export async function entrySummary(
  db: Db,
  userId: string,
  now: Date,
  timeZone: string,
): Promise<TimeSummary> {
  const [totals] = await rowsOf<{ seconds: string | number; entries: string | number }>(
    db,
    sql`select coalesce(sum(duration), 0) as seconds, count(*) as entries from time_entries where user_id = ${userId}`,
  );
  const { today, hours } = await todayTracked(db, userId, now, timeZone);
  return {
    totalHours: Number(totals?.seconds ?? 0) / 3600,
    entries: Number(totals?.entries ?? 0),
    todayHours: hours,
    today,
    timeZone,
  };
}
