import { schedulesApi } from '@contract/schedules';
import { implement } from '../../lib/routes';
import { getSchedule, putSchedule, resetSchedule } from './schedules.service';

/** A user reads their own schedule, managers their members', admins anyone's; only admins set them. */
export const schedulesRoutes = implement(schedulesApi, {
  get: (ctx, { params }) => getSchedule(ctx, params.id),
  put: (ctx, { params, body }) => putSchedule(ctx, params.id, body),
  reset: (ctx, { params }) => resetSchedule(ctx, params.id),
});
