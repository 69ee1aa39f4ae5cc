import { dashboardStats as statsSchema } from '@contract/dashboard';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { orgTimeZone } from '../../lib/org-settings';
import { dashboardStats } from './dashboard.service';

export async function dashboardRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/api/dashboard/stats',
    { preValidation: deps.guard(), schema: { response: { 200: statsSchema } } },
    async (request) => {
      const timeZone = await orgTimeZone(deps.db, deps.config.defaultTimeZone);
      return dashboardStats(deps.db, currentUser(request).id, deps.clock.now(), timeZone);
    },
  );
}
