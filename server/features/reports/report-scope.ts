import type { ReportFilters, ReportScopeInfo } from '@contract/reports';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { inIds } from '../../db/rows';
import type { Context } from '../../lib/context';
import { peopleFilter, scopeInfo, timeVisibleTo } from '../../core/scope';
import type { LedgerRange } from '../../core/time/ledger';
import { type TimePeopleOptions, type TimePerson, timePeople } from '../../core/time/people';
import { addDays, zonedDayRange } from '@contract/zoned-time';

export { OWN_DATA_ONLY, TEAMS_DATA_ONLY } from '../../core/scope';

/** What a report reads: whose data, which project, and the range of days. */
export type ReportScope = {
  projectId: string | undefined;
  /** the viewer's zone: what the range's dates are written in on screen */
  timeZone: string;
  from: string;
  to: string;
  /** every day from..to, in order */
  days: string[];
  /** everyone in scope (suspended people too: their tracked time still counts), by name */
  people: TimePerson[];
  /** the ledger's ranges: each person's own days from..to */
  ranges: LedgerRange[];
  /** whose data it is, said on screen */
  info: ReportScopeInfo;
};

/**
 * The server's half of every report's filters (docs/decisions/012-reports.md): an employee sees
 * their own data only, whatever the URL says; a manager sees their own and that of the people they
 * manage through their teams; an admin sees everyone's. A `teamId` narrows to that team's members
 * (a manager: only a team they manage). Each person's days are their own (their zone), as the
 * ledger counts them (docs/product/time-tracking.md#ledger).
 */
export async function reportScope(
  ctx: Context,
  filters: ReportFilters,
  options: TimePeopleOptions = {},
): Promise<ReportScope> {
  const { userId, where: narrowed } = await peopleFilter(ctx, filters);
  const where = sql`${timeVisibleTo(ctx.actor)} and ${narrowed}`;
  const people = await timePeople(
    ctx.db,
    where,
    (await ctx.settings()).timeZone,
    { from: filters.from, to: filters.to },
    options,
  );
  const days: string[] = [];
  for (let day = filters.from; day <= filters.to; day = addDays(day, 1)) days.push(day);
  return {
    projectId: filters.projectId,
    timeZone: await ctx.timeZone(),
    from: filters.from,
    to: filters.to,
    days,
    people,
    ranges: people.map((person) => ({ person, from: filters.from, to: filters.to })),
    info: await scopeInfo(ctx, { teamId: filters.teamId, userId }, people),
  };
}

/** The range as instants in the viewer's zone: for what is not the ledger's (tasks completed, reviews). */
export function viewerRange(s: ReportScope) {
  return { lo: zonedDayRange(s.from, s.timeZone).start, hi: zonedDayRange(s.to, s.timeZone).end };
}

/** `and <column> = any(<the people in scope>)`, for a where clause on a user id column. */
export const inScope = (s: ReportScope, column: SQL) =>
  sql`and ${column} ${inIds(s.people.map((p) => p.userId))}`;
