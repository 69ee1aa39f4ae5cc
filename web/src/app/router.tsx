import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireUser } from './require-user';
import { PageFallback, RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own chunk, loaded by the router as it navigates: on a first visit the page's
 * chunk downloads beside the shell's (not after it), and a navigation keeps the current page on
 * screen, with the progress bar, until the next one is ready.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk arrives (a cold load), instead of a blank window.
    hydrateFallbackElement: (
      <main className="flex min-h-dvh flex-col">
        <PageFallback />
      </main>
    ),
    children: [
      // Open to everyone.
      { path: 'login', lazy: page(() => import('./pages/login-page'), 'LoginPage') },
      { path: 'register', lazy: page(() => import('./pages/register-page'), 'RegisterPage') },
      {
        path: 'forgot-password',
        lazy: page(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: 'reset-password',
        lazy: page(() => import('./pages/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: 'verification-codes',
        lazy: page(() => import('./pages/verification-codes-page'), 'VerificationCodesPage'),
      },
      // Signed-in users only.
      {
        element: <RequireUser />,
        children: [
          { index: true, lazy: page(() => import('./pages/dashboard-page'), 'DashboardPage') },
          { path: 'my-tasks', lazy: page(() => import('./pages/my-tasks-page'), 'MyTasksPage') },
          {
            path: 'advanced-tasks',
            lazy: page(() => import('./pages/advanced-tasks-page'), 'AdvancedTasksPage'),
          },
          { path: 'projects', lazy: page(() => import('./pages/projects-page'), 'ProjectsPage') },
          { path: 'projects/:id', lazy: page(() => import('./pages/project-page'), 'ProjectPage') },
          { path: 'attendance', lazy: page(() => import('./pages/attendance-page'), 'AttendancePage') },
          { path: 'tracker', lazy: page(() => import('./pages/tracker-page'), 'TrackerPage') },
          { path: 'timesheets', lazy: page(() => import('./pages/timesheets-page'), 'TimesheetsPage') },
          { path: 'time-off', lazy: page(() => import('./pages/time-off-page'), 'TimeOffPage') },
          { path: 'chat', lazy: page(() => import('./pages/chat-page'), 'ChatPage') },
          { path: 'profile', lazy: page(() => import('./pages/profile-page'), 'ProfilePage') },
          { path: 'admin', lazy: page(() => import('./pages/admin-page'), 'AdminPage') },
          {
            path: 'admin/pending-users',
            lazy: page(() => import('./pages/pending-users-page'), 'PendingUsersPage'),
          },
          {
            path: 'admin/user-credentials',
            lazy: page(() => import('./pages/user-credentials-page'), 'UserCredentialsPage'),
          },
          { path: 'team/manage', lazy: page(() => import('./pages/team-manage-page'), 'TeamManagePage') },
          { path: 'reports', lazy: page(() => import('./pages/reports-page'), 'ReportsPage') },
        ],
      },
      { path: '*', lazy: page(() => import('./pages/not-found-page'), 'NotFoundPage') },
    ],
  },
]);
