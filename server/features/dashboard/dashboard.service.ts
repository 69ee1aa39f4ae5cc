import { sql } from 'drizzle-orm';
import type { DashboardStats } from '@contract/dashboard';
import type { Db } from '../../db/client';
import { zonedDate } from '../../lib/zoned-time';
import { todayTracked } from '../time-entries/time-entries.summary';
import { rowsOf } from '../../db/rows';

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
  const [row] = await rowsOf<Record<string, string | number>>(
    db,
    sql`
    select
      (select count(distinct a.user_id) from attendance_records a join users u on u.id = a.user_id
        where a.clock_out is null and a.date = ${today} and u.is_active) as active_users,
      (select count(*) from projects where status = 'active') as active_projects,
      (select count(*) from tasks where assignee_id = ${userId}) as total_tasks,
      (select count(*) from tasks where assignee_id = ${userId} and status = 'completed') as completed_tasks`,
  );
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
