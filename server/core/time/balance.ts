import { and, eq, sql } from 'drizzle-orm';
import type { OvertimeBalance } from '@contract/timesheets';
import { addDays, zonedDate } from '@contract/zoned-time';
import type { Db } from '../../db/types';
import { timesheets } from '../../db/schema';
import { expectedBetween } from './expected';
import { trackedTotals } from './ledger';
import type { TimePerson } from './people';

/** The week's tracked and expected seconds, as the ledger counts them (what an approval freezes). */
export async function weekFigures(db: Db, person: TimePerson, monday: string, now: Date) {
  const sunday = addDays(monday, 6);
  const tracked = await trackedTotals(db, [{ person, from: monday, to: sunday }], { now });
  return {
    trackedSeconds: tracked.get(person.userId) ?? 0,
    expectedSeconds: expectedBetween(person, monday, sunday),
  };
}

/**
 * Overtime (docs/product/timesheets.md#overtime): tracked − expected summed over approved weeks
 * (their totals are frozen at approval), and over the current month so far (today included), by the
 * ledger, in the person's zone.
 */
export async function overtimeOf(db: Db, person: TimePerson, now: Date): Promise<OvertimeBalance> {
  const [approved] = await db
    .select({
      seconds: sql<number>`coalesce(sum(${timesheets.trackedSeconds} - ${timesheets.expectedSeconds}), 0)::int`,
    })
    .from(timesheets)
    .where(and(eq(timesheets.userId, person.userId), eq(timesheets.status, 'approved')));
  const today = zonedDate(now, person.zone);
  const first = `${today.slice(0, 8)}01`;
  const tracked = await trackedTotals(db, [{ person, from: first, to: today }], { now });
  return {
    approvedSeconds: Number(approved.seconds),
    monthSeconds: (tracked.get(person.userId) ?? 0) - expectedBetween(person, first, today),
    month: today.slice(0, 7),
  };
}
