import type { AppDeps, ZodApp } from '../app';
import { adminRoutes } from './admin/admin.routes';
import { alertsRoutes } from './alerts/alerts.routes';
import { attendanceRoutes } from './attendance/attendance.routes';
import { authRoutes } from './auth/auth.routes';
import { chatRoutes } from './chat/chat.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { projectsRoutes } from './projects/projects.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { settingsRoutes } from './settings/settings.routes';
import { timeEntriesRoutes } from './time-entries/time-entries.routes';
import { timersRoutes } from './timers/timers.routes';
import { usersRoutes } from './users/users.routes';

/** Every feature's routes, registered under one plugin; one line per feature. */
export async function registerFeatures(app: ZodApp, deps: AppDeps) {
  await usersRoutes(app, deps);
  await authRoutes(app, deps);
  await adminRoutes(app, deps);
  await chatRoutes(app, deps);
  await projectsRoutes(app, deps);
  await tasksRoutes(app, deps);
  await attendanceRoutes(app, deps);
  await settingsRoutes(app, deps);
  await alertsRoutes(app, deps);
  await timersRoutes(app, deps);
  await timeEntriesRoutes(app, deps);
  await dashboardRoutes(app, deps);
}
