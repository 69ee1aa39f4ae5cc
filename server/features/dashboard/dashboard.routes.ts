import { dashboardApi } from '@contract/dashboard';
import { implement } from '../../lib/routes';
import { dashboardStats } from './dashboard.service';

export const dashboardRoutes = implement(dashboardApi, {
  stats: (ctx) => dashboardStats(ctx),
});
