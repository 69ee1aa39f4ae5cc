import { z } from 'zod';
import { endpoints } from './endpoint';

/**
 * Dashboard stats (docs/product/dashboard.md#stat-cards), plus the counts behind productivityScore that Today's Progress
 * shows as "completed of total".
 */
export const dashboardStats = z.object({
  activeUsers: z.number().int(),
  totalHoursToday: z.number(),
  activeProjects: z.number().int(),
  productivityScore: z.number().int().min(0).max(100),
  completedTasks: z.number().int(),
  totalTasks: z.number().int(),
  /** Hours the caller's work schedule expects today, in their zone (docs/product/timesheets.md). */
  expectedHoursToday: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export const dashboardApi = endpoints('Dashboard', {
  stats: {
    method: 'GET',
    path: '/api/dashboard/stats',
    summary: "The dashboard's figures for the caller",
    access: 'signedIn',
    responses: { 200: dashboardStats },
  },
});
