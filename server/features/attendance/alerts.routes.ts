import { alertsApi } from '@contract/alerts';
import { implement } from '../../lib/routes';
import { listAlerts } from '../../core/attendance-alerts';

export const alertsRoutes = implement(alertsApi, {
  mine: (ctx) => listAlerts(ctx, ctx.actor.id),
  everyone: (ctx) => listAlerts(ctx),
});
