import { sql } from 'drizzle-orm';
import type { OvertimeReport, OvertimeReportQuery } from '@contract/reports';
import { zonedDate } from '@contract/zoned-time';
import type { Context } from '../../lib/context';
import { expectedBetween } from '../../core/time/expected';
import { ledgerRows } from '../../core/time/ledger';
import { reportScope } from './report-scope';

/**
 * Expected against tracked time per person (docs/decisions/012-reports.md), both from the one
 * ledger: each person's own days of the range, but not after today (a month in progress is not yet
 * owed), which the answer says (`countedTo`, "up to today" on screen). Expected time is the one
 * definition (docs/product/time-tracking.md#ledger): the schedule, nothing before joining.
 */
export async function overtimeReport(ctx: Context, query: OvertimeReportQuery): Promise<OvertimeReport> {
  const s = await reportScope(ctx, query);
  const today = zonedDate(ctx.now, s.timeZone);
  const countedTo = [s.to, today].sort()[0];
  const counted = s.from <= countedTo;
  const ranges = s.ranges.map((r) => ({ ...r, to: countedTo }));
  const tracked = new Map(
    (counted && ranges.length > 0
      ? await ledgerRows<{ user_id: string; seconds: string | number }>(
          ctx.db,
          ranges,
          { now: ctx.now, perPerson: true },
          sql`select user_id::text, sum(secs) as seconds from pieces group by 1`,
        )
      : []
    ).map((r) => [r.user_id, Number(r.seconds)]),
  );
  const users = counted
    ? s.people
        .filter((p) => p.active || tracked.has(p.userId))
        .map((p) => {
          const expectedSeconds = expectedBetween(p, s.from, countedTo);
          const trackedSeconds = tracked.get(p.userId) ?? 0;
          return {
            userId: p.userId,
            name: p.name,
            expectedSeconds,
            trackedSeconds,
            balanceSeconds: trackedSeconds - expectedSeconds,
          };
        })
    : [];
  const sum = (k: 'expectedSeconds' | 'trackedSeconds' | 'balanceSeconds') =>
    users.reduce((total, u) => total + u[k], 0);
  return {
    from: s.from,
    to: s.to,
    timeZone: s.timeZone,
    scope: s.info,
    countedTo,
    users,
    totals: {
      expectedSeconds: sum('expectedSeconds'),
      trackedSeconds: sum('trackedSeconds'),
      balanceSeconds: sum('balanceSeconds'),
    },
  };
}
