import type { TimeSummary } from '@contract/time-entries';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { statement } from '../../db/statements';
import { zonedDate, zonedDayRange } from '@contract/zoned-time';

// The tracker's cards and the dashboard read these on every visit: prepared (decisions/008).
// Instants are bound as ISO text with explicit casts, so both drivers bind them the same way.
const trackedInRange = statement<
  { seconds: string | number },
  [userId: string, from: string, to: string, now: string]
>(
  'tracked_seconds_between',
  `select coalesce((
      select sum(extract(epoch from least(e.end_time, $3::timestamptz) - greatest(e.start_time, $2::timestamptz)))
      from time_entries e
      where e.user_id = $1 and e.start_time < $3::timestamptz and e.end_time > $2::timestamptz
    ), 0) + coalesce((
      select greatest(0, extract(epoch from least($4::timestamptz, $3::timestamptz) - greatest(t.start_time, $2::timestamptz)))
      from active_timers t
      where t.user_id = $1
    ), 0) as seconds`,
);

const allTimeTotals = statement<{ seconds: string | number; entries: string | number }, [userId: string]>(
  'time_entry_totals',
  'select coalesce(sum(duration), 0) as seconds, count(*) as entries from time_entries where user_id = $1',
);

/**
 * Seconds the user tracked inside [from, to): only the part of each entry within the range, plus
 * the running timer up to `now`. Computed in SQL over the (user_id, start_time) index.
 */
export async function trackedSecondsBetween(db: Db, userId: string, fromDate: Date, toDate: Date, now: Date) {
  const [row] = await trackedInRange(
    db,
    userId,
    fromDate.toISOString(),
    toDate.toISOString(),
    now.toISOString(),
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

/** Total Hours, Entries and Today of the tracker (docs/product/time-tracking.md#summary). */
export async function entrySummary(ctx: Context): Promise<TimeSummary> {
  const { db, now } = ctx;
  const userId = ctx.actor.id;
  const timeZone = await ctx.timeZone();
  const [totals] = await allTimeTotals(db, userId);
  const { today, hours } = await todayTracked(db, userId, now, timeZone);
  return {
    totalHours: Number(totals?.seconds ?? 0) / 3600,
    entries: Number(totals?.entries ?? 0),
    todayHours: hours,
    today,
    timeZone,
  };
}
