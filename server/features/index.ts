import type { AppDeps, ZodApp } from '../deps';
import type { FeatureRoutes } from '../lib/routes';
import { adminRoutes } from './admin/admin.routes';
import { alertsRoutes } from './attendance/alerts.routes';
import { attendanceRoutes } from './attendance/attendance.routes';
import { authRoutes } from './auth/auth.routes';
import { billingRoutes } from './billing/billing.routes';
import { ssoRoutes } from './auth/sso.routes';
import { chatRoutes } from './chat/chat.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { platformRoutes } from './platform/platform.routes';
import { profileRoutes } from './profile/profile.routes';
import { projectsRoutes } from './projects/projects.routes';
import { reportsRoutes } from './reports/reports.routes';
import { searchRoutes } from './search/search.routes';
import { schedulesRoutes } from './schedules/schedules.routes';
import { settingsRoutes } from './settings/settings.routes';
import { setupRoutes } from './setup/setup.routes';
import { taskDetailsRoutes } from './tasks/task-details.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { labelsRoutes } from './labels/labels.routes';
import { teamsRoutes } from './teams/teams.routes';
import { timesheetsRoutes } from './timesheets/timesheets.routes';
import { timeEntriesRoutes } from './time-entries/time-entries.routes';
import { timeOffRoutes } from './time-off/time-off.routes';
import { timersRoutes } from './timers/timers.routes';
import { trashRoutes } from './trash/trash.routes';
import { usersRoutes } from './users/users.routes';

/** Every feature's routes, one line each; each registers every endpoint of its contract group. */
const features: FeatureRoutes<AppDeps>[] = [
  platformRoutes,
  usersRoutes,
  authRoutes,
  ssoRoutes,
  adminRoutes,
  chatRoutes,
  projectsRoutes,
  tasksRoutes,
  taskDetailsRoutes,
  labelsRoutes,
  attendanceRoutes,
  settingsRoutes,
  alertsRoutes,
  timersRoutes,
  timeEntriesRoutes,
  dashboardRoutes,
  reportsRoutes,
  billingRoutes,
  teamsRoutes,
  schedulesRoutes,
  timesheetsRoutes,
  timeOffRoutes,
  notificationsRoutes,
  profileRoutes,
  searchRoutes,
  trashRoutes,
  setupRoutes,
];

export function registerFeatures(app: ZodApp, deps: AppDeps) {
  for (const feature of features) feature.register(app, deps);
}
