import type { ReportFilters } from '@contract/reports';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Context } from '../../lib/context';
import { forbidden, notFound } from '../../lib/errors';
import { managedBy, manages, managesTeam, TEAM_NOT_FOUND, teamExists } from '../../core/scope';
import { addDays, zonedDayRange } from '@contract/zoned-time';

export const OWN_DATA_ONLY = 'You can only see your own reports';
export const TEAMS_DATA_ONLY = 'You can only see the reports of your teams';

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
  /**
   * The conditions on a user id column that keep the report to the people in scope (the chosen
   * user, the caller's teams, the chosen team), as `and …` to append to a where clause.
   */
  people: (column: SQL) => SQL;
};

/**
 * The server's half of every report's filters (docs/decisions/012-reports.md): an employee sees
 * their own data only, whatever the URL says; a manager sees their own and that of the people they
 * manage through their teams; an admin sees everyone's. A `teamId` narrows to that team's members
 * (a manager: only a team they manage).
 */
export async function reportScope(ctx: Context, filters: ReportFilters): Promise<ReportScope> {
  const { actor } = ctx;
  let userId = filters.userId;
  const sets: SQL[] = [];
  if (actor.role === 'employee') {
    if (userId && userId !== actor.id) throw forbidden(OWN_DATA_ONLY);
    userId = actor.id;
  } else if (actor.role === 'manager') {
    if (userId && userId !== actor.id && !(await manages(ctx.db, actor.id, userId))) {
      throw forbidden(TEAMS_DATA_ONLY);
    }
    if (filters.teamId && !(await managesTeam(ctx.db, actor.id, filters.teamId))) {
      throw forbidden(TEAMS_DATA_ONLY);
    }
    sets.push(sql`select ${actor.id}::uuid union select user_id from ${managedBy(actor.id)} as managed`);
  }
  if (filters.teamId) {
    if (actor.role === 'admin' && !(await teamExists(ctx.db, filters.teamId))) throw notFound(TEAM_NOT_FOUND);
    sets.push(sql`select user_id from team_members where team_id = ${filters.teamId}`);
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
    people: (column) =>
      sql.join(
        [
          userId ? sql`and ${column} = ${userId}` : sql``,
          // `= any(array(…))`: the set is computed once and checked as a filter. As `in (…)`, the
          // planner drives the report from the team's people and reads each one's entries apart.
          ...sets.map((set) => sql`and ${column} = any(array(${set}))`),
        ],
        sql` `,
      ),
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
