import type { TimeSummary } from '@contract/time-entries';
import type { Context } from '../../lib/context';
import { trackedAllTime } from '../../core/time/ledger';

/**
 * Total Hours, Entries and Today of the tracker (docs/product/time-tracking.md#summary), by the
 * ledger: today is the caller's own day, and time their entries share counts once.
 */
export async function entrySummary(ctx: Context): Promise<TimeSummary> {
  const { db, now } = ctx;
  const person = { userId: ctx.actor.id, zone: await ctx.timeZone() };
  const all = await trackedAllTime(db, person, now);
  return {
    totalHours: all.seconds / 3600,
    entries: all.entries,
    todayHours: all.todaySeconds / 3600,
    today: all.today,
    timeZone: person.zone,
  };
}
