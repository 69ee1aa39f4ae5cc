import type { SQL } from 'drizzle-orm';
import { maySee, timeVisibleTo } from '../../core/scope';
import { type TimePeopleOptions, type TimePerson, timePeople } from '../../core/time/people';
import type { Context } from '../../lib/context';
import { notFound } from '../../lib/errors';

export const PERSON_NOT_FOUND = 'user_not_found';

/**
 * Whose time off the caller may read (docs/product/time-off.md#who): the same people whose time
 * they see (core/scope): their own; a manager's people; an admin everyone's. Anyone else's is a
 * 404, as if they did not exist.
 */
export async function assertMayRead(ctx: Context, userId: string) {
  if (!(await maySee(ctx, userId))) throw notFound(PERSON_NOT_FOUND);
}

/** The same rule as a condition on `u.id`. */
export const readable = (ctx: Context): SQL => timeVisibleTo(ctx.actor);

/** The people `where` selects, read for the days from..to (schedule, zone, holidays, leave). */
export async function peopleFor(
  ctx: Context,
  where: SQL,
  from: string,
  to: string,
  options: TimePeopleOptions = {},
): Promise<TimePerson[]> {
  return timePeople(ctx.db, where, (await ctx.settings()).timeZone, { from, to }, options);
}
