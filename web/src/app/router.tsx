import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Every page is its own chunk (spec point 2 routes; no route has parameters).
const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/register-page').then((m) => ({ default: m.RegisterPage })));
const VerificationCodesPage = lazy(() =>
  import('./pages/verification-codes-page').then((m) => ({ default: m.VerificationCodesPage })),
);
const DashboardPage = lazy(() =>
  import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const MyTasksPage = lazy(() => import('./pages/my-tasks-page').then((m) => ({ default: m.MyTasksPage })));
const AdvancedTasksPage = lazy(() =>
  import('./pages/advanced-tasks-page').then((m) => ({ default: m.AdvancedTasksPage })),
);
const ProjectsPage = lazy(() => import('./pages/projects-page').then((m) => ({ default: m.ProjectsPage })));
const AttendancePage = lazy(() =>
  import('./pages/attendance-page').then((m) => ({ default: m.AttendancePage })),
);
const TrackerPage = lazy(() => import('./pages/tracker-page').then((m) => ({ default: m.TrackerPage })));
const ChatPage = lazy(() => import('./pages/chat-page').then((m) => ({ default: m.ChatPage })));
const AdminPage = lazy(() => import('./pages/admin-page').then((m) => ({ default: m.AdminPage })));
const PendingUsersPage = lazy(() =>
  import('./pages/pending-users-page').then((m) => ({ default: m.PendingUsersPage })),
);
const UserCredentialsPage = lazy(() =>
  import('./pages/user-credentials-page').then((m) => ({ default: m.UserCredentialsPage })),
);
const TeamManagePage = lazy(() =>
  import('./pages/coming-soon-pages').then((m) => ({ default: m.TeamManagePage })),
);
const ReportsPage = lazy(() => import('./pages/coming-soon-pages').then((m) => ({ default: m.ReportsPage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'verification-codes', element: <VerificationCodesPage /> },
      { path: 'my-tasks', element: <MyTasksPage /> },
      { path: 'advanced-tasks', element: <AdvancedTasksPage /> },
      { path: 'projects', element: <ProjectsPage /> },
      { path: 'attendance', element: <AttendancePage /> },
      { path: 'tracker', element: <TrackerPage /> },
      { path: 'chat', element: <ChatPage /> },
      { path: 'admin', element: <AdminPage /> },
      { path: 'admin/pending-users', element: <PendingUsersPage /> },
      { path: 'admin/user-credentials', element: <UserCredentialsPage /> },
      { path: 'team/manage', element: <TeamManagePage /> },
      { path: 'reports', element: <ReportsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
