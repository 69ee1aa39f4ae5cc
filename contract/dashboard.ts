import { z } from 'zod';

/**
 * Dashboard stats (decisions §10), plus the counts behind productivityScore that Today's Progress
 * shows as "completed of total".
 */
export const dashboardStats = z.object({
  activeUsers: z.number().int(),
  totalHoursToday: z.number(),
  activeProjects: z.number().int(),
  productivityScore: z.number().int().min(0).max(100),
  completedTasks: z.number().int(),
  totalTasks: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

/** The spec's expected work day (point 9). */
export const WORK_DAY_HOURS = 8;
