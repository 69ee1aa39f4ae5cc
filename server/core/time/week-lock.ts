import { and, eq, inArray } from 'drizzle-orm';
import { WEEK_LOCKED } from '@contract/timesheets';
import type { Db } from '../../db/types';
import { timesheets, users } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { isValidTimeZone, zonedDate } from '@contract/zoned-time';
import { mondayOf } from './weeks';

export { mondayOf };

/** The zone a user's weeks count in: their own, else the organisation's. */
export async function userZone(db: Db, userId: string, organisationZone: string): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone && isValidTimeZone(row.timeZone) ? row.timeZone : organisationZone;
}

/**
 * THE lock (docs/product/timesheets.md#lock): every write that would change the time or attendance
 * of a week — creating, changing or deleting a time entry, starting or stopping a timer, closing an
 * attendance record — calls this with the instants it touches (old and new), before it writes.
 * A submitted or approved week of the user refuses with 409 'This week is locked'.
 */
export async function assertWeeksOpen(
  db: Db,
  userId: string,
  instants: Date[],
  organisationZone: string,
): Promise<void> {
  if (instants.length === 0) return;
  const zone = await userZone(db, userId, organisationZone);
  const weeks = [...new Set(instants.map((instant) => mondayOf(zonedDate(instant, zone))))];
  const [locked] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.userId, userId),
        inArray(timesheets.weekStart, weeks),
        inArray(timesheets.status, ['submitted', 'approved']),
      ),
    )
    .limit(1);
  if (locked) throw conflict(WEEK_LOCKED);
}
