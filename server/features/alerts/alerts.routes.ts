import { z } from 'zod';
import { attendanceAlert } from '@contract/alerts';
import type { AppDeps, ZodApp } from '../../app';
import { currentUser } from '../../lib/auth';
import { listAlerts } from './alerts.service';

export async function alertsRoutes(app: ZodApp, deps: AppDeps) {
  const service = { db: deps.db, clock: deps.clock, defaultTimeZone: deps.config.defaultTimeZone };
  const response = { 200: z.array(attendanceAlert) };

  app.get('/api/alerts/attendance', { preValidation: deps.guard(), schema: { response } }, async (request) =>
    listAlerts(service, currentUser(request).id),
  );

  app.get('/api/admin/alerts', { preValidation: deps.guard('admin'), schema: { response } }, async () =>
    listAlerts(service),
  );
}
