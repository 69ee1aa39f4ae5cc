import type { DashboardStats } from '@contract/dashboard';
import { statement } from '../../db/statements';
import type { Context } from '../../lib/context';
import { zonedDate } from '@contract/zoned-time';
import { expectedSecondsOn } from '../../core/time/expected';
import { trackedToday } from '../../core/time/ledger';
import { daysAround, timePerson } from '../../core/time/people';

// Everyone's home page: one prepared statement for the four counts (decisions/008).
const counts = statement<
  Record<string, string | number>,
  [today: string, userId: string, everyProject: boolean]
>(
  'dashboard_counts',
  `select
    (select count(distinct a.user_id) from attendance_records a join users u on u.id = a.user_id
      where a.clock_out is null and a.date = $1 and u.is_active) as active_users,
    (select count(*) from projects p where p.status = 'active' and ($3 or exists
      (select 1 from project_members m where m.project_id = p.id and m.user_id = $2))) as active_projects,
    (select count(*) from tasks where assignee_id = $2 and deleted_at is null) as total_tasks,
    (select count(*) from tasks where assignee_id = $2 and status = 'completed' and deleted_at is null) as completed_tasks`,
);

/**
 * The four figures (docs/product/dashboard.md#stat-cards), each one SQL aggregate; today's hours and
 * the hours expected today are the ledger's, in the caller's own zone. Active users are those clocked
 * in now: an open record of today; one forgotten on an earlier day does not count. Active projects
 * are an employee's own (those they are a member of); managers and admins oversee every project.
 */
export async function dashboardStats(ctx: Context): Promise<DashboardStats> {
  const { db, now } = ctx;
  const userId = ctx.actor.id;
  const timeZone = await ctx.timeZone();
  const today = zonedDate(now, timeZone);
  const [row] = await counts(db, today, userId, ctx.actor.role !== 'employee');
  const totalTasks = Number(row.total_tasks);
  const completedTasks = Number(row.completed_tasks);
  const person = await timePerson(db, userId, (await ctx.settings()).timeZone, daysAround(now));
  const tracked = person ? await trackedToday(db, person, now) : { seconds: 0 };
  return {
    activeUsers: Number(row.active_users),
    totalHoursToday: tracked.seconds / 3600,
    activeProjects: Number(row.active_projects),
    productivityScore: totalTasks === 0 ? 0 : Math.round((completedTasks / totalTasks) * 100),
    completedTasks,
    totalTasks,
    expectedHoursToday: person ? expectedSecondsOn(person, today) / 3600 : 0,
  };
}
