import type { ReportFilters } from '@contract/reports';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { addDays, zonedDayRange } from '@contract/zoned-time';

export const OWN_DATA_ONLY = 'You can only see your own reports';

/** What a report reads: whose data, which project, and the range as days and as instants. */
export type ReportScope = {
  /** one user, or undefined for everyone the caller may see */
  userId: string | undefined;
  projectId: string | undefined;
  timeZone: string;
  from: string;
  to: string;
  /** every day from..to, in order */
  days: string[];
  /** the instant `from` starts and the instant `to` ends, in the viewer's zone */
  lo: Date;
  hi: Date;
};

/**
 * The server's half of every report's filters (docs/decisions/012-reports.md): an employee sees
 * their own data only, whatever the URL says; managers and admins see everyone's. When teams exist,
 * a manager's scope narrows to their teams here, and a `teamId` filter joins `userId`.
 */
export async function reportScope(ctx: Context, filters: ReportFilters): Promise<ReportScope> {
  let userId = filters.userId;
  if (ctx.actor.role === 'employee') {
    if (userId && userId !== ctx.actor.id) throw forbidden(OWN_DATA_ONLY);
    userId = ctx.actor.id;
  }
  const timeZone = await ctx.timeZone();
  const days: string[] = [];
  for (let day = filters.from; day <= filters.to; day = addDays(day, 1)) days.push(day);
  return {
    userId,
    projectId: filters.projectId,
    timeZone,
    from: filters.from,
    to: filters.to,
    days,
    lo: zonedDayRange(filters.from, timeZone).start,
    hi: zonedDayRange(filters.to, timeZone).end,
  };
}

/**
 * A report's query, without PostgreSQL's JIT: a month over everyone is estimated costly enough to
 * be compiled, and compiling takes far longer (seconds) than running it (tens of milliseconds).
 */
export async function reportRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf<T>(tx as unknown as Db, query);
  });
}
