import { alertsApi } from '@contract/alerts';
import { implement } from '../../lib/routes';
import { listAlerts } from './alerts.service';

export const alertsRoutes = implement(alertsApi, {
  mine: (ctx) => listAlerts(ctx, ctx.actor.id),
  everyone: (ctx) => listAlerts(ctx),
});
