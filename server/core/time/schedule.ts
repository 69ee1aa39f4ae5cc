import { expectedOn, type Schedule } from '@contract/schedules';
import { isValidTimeZone, zonedDate } from '@contract/zoned-time';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { followedSchedule, scheduleRow, zoneOf } from './people';

const USER_NOT_FOUND = 'user_not_found';

/**
 * A schedule as the server counts with it: also `since`, the day the person joined (their account's
 * creation, in their zone). Days before it owe no hours (docs/product/timesheets.md#overtime).
 */
export type CountingSchedule = Schedule & { since: string };

/** The day someone joined, in a zone: the day their account was created there. */
export const joinedOn = (createdAt: Date | string, zone: string): string =>
  zonedDate(new Date(createdAt), zone);

/** Seconds the schedule expects on a day: none before `since`, the day the person joined. */
export const expectedSecondsOn = (minutes: readonly number[], day: string, since: string): number =>
  day < since ? 0 : expectedOn(minutes, day) * 60;

/**
 * The schedule and zone a user's days count in: their own schedule, else their team's default, else
 * the organisation's; their own zone or the organisation's. Null when there is no such user.
 */
export async function scheduleOf(
  db: Db,
  userId: string,
  organisationZone: string,
): Promise<CountingSchedule | null> {
  const row = await scheduleRow(db, userId);
  if (!row) return null;
  const own = row.zone && isValidTimeZone(row.zone) ? row.zone : null;
  const zone = zoneOf(own, organisationZone);
  const followed = followedSchedule(row);
  return {
    userId,
    minutes: followed.minutes,
    isDefault: followed.source !== 'own',
    source: followed.source,
    team: followed.team,
    timeZone: own,
    effectiveTimeZone: zone,
    since: joinedOn(row.created, zone),
  };
}

/** The caller's own schedule (dashboard, timesheets): always there. */
export async function ownSchedule(ctx: Context): Promise<Schedule> {
  const schedule = await scheduleOf(ctx.db, ctx.actor.id, (await ctx.settings()).timeZone);
  if (!schedule) throw notFound(USER_NOT_FOUND);
  return schedule;
}
