import type { DashboardStats } from '@contract/dashboard';
import type { Db } from '../../db/client';
import { statement } from '../../db/statements';
import { zonedDate } from '../../lib/zoned-time';
import { todayTracked } from '../time-entries/time-entries.summary';

// Everyone's home page: one prepared statement for the four counts (decisions/008).
const counts = statement<Record<string, string | number>, [today: string, userId: string]>(
  'dashboard_counts',
  `select
    (select count(distinct a.user_id) from attendance_records a join users u on u.id = a.user_id
      where a.clock_out is null and a.date = $1 and u.is_active) as active_users,
    (select count(*) from projects where status = 'active') as active_projects,
    (select count(*) from tasks where assignee_id = $2) as total_tasks,
    (select count(*) from tasks where assignee_id = $2 and status = 'completed') as completed_tasks`,
);

/**
 * Decisions §10: the four figures, each one SQL aggregate (today = the org zone's day). Active users
 * are those clocked in now: an open record of today; one forgotten on an earlier day does not count.
 */
export async function dashboardStats(
  db: Db,
  userId: string,
  now: Date,
  timeZone: string,
): Promise<DashboardStats> {
  const today = zonedDate(now, timeZone);
  const [row] = await counts(db, today, userId);
  const totalTasks = Number(row.total_tasks);
  const completedTasks = Number(row.completed_tasks);
  const { hours } = await todayTracked(db, userId, now, timeZone);
  return {
    activeUsers: Number(row.active_users),
    totalHoursToday: hours,
    activeProjects: Number(row.active_projects),
    productivityScore: totalTasks === 0 ? 0 : Math.round((completedTasks / totalTasks) * 100),
    completedTasks,
    totalTasks,
  };
}
