import { type ComponentType, lazy, useLayoutEffect, useState, useTransition } from 'react';
import {
  matchRoutes,
  type RouteObject,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useRoutes,
} from 'react-router';
import { Navigating } from './navigating';
import { RequireUser } from './require-user';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';

/**
 * React Router in its declarative mode: a page is a route's element, not a route module with loaders,
 * so the sign-in page does without the data router (about 17 KB gzip of its budget; see
 * docs/decisions/040-login-budget.md). What the app took from the data router is here instead:
 * - every page is its own chunk, loaded as it is first shown; on a first visit the page's chunk
 *   downloads beside the shell's, not after it (`preloadPage`);
 * - a navigation is a React transition: the current page stays on screen, with the progress bar
 *   (`useNavigating`, navigating.ts), until the next one is ready;
 * - the scroll position (root-layout.tsx) and the last-resort error screen (route-error.tsx).
 */
const history = createBrowserHistory({ v5Compat: true });

/** A lazily loaded page; `handle.load` starts its download early. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return { element: <Page />, handle: { load } };
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      // Open to everyone.
      { path: 'login', ...page(() => import('./pages/login-page'), 'LoginPage') },
      { path: 'register', ...page(() => import('./pages/register-page'), 'RegisterPage') },
      {
        path: 'forgot-password',
        ...page(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: 'reset-password',
        ...page(() => import('./pages/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        path: 'verification-codes',
        ...page(() => import('./pages/verification-codes-page'), 'VerificationCodesPage'),
      },
      // Signed-in users only.
      {
        element: <RequireUser />,
        children: [
          { index: true, ...page(() => import('./pages/dashboard-page'), 'DashboardPage') },
          { path: 'my-tasks', ...page(() => import('./pages/my-tasks-page'), 'MyTasksPage') },
          {
            path: 'advanced-tasks',
            ...page(() => import('./pages/advanced-tasks-page'), 'AdvancedTasksPage'),
          },
          { path: 'tasks/:id', ...page(() => import('./pages/task-page'), 'TaskPage') },
          { path: 'projects', ...page(() => import('./pages/projects-page'), 'ProjectsPage') },
          { path: 'projects/:id', ...page(() => import('./pages/project-page'), 'ProjectPage') },
          { path: 'clients', ...page(() => import('./pages/clients-page'), 'ClientsPage') },
          { path: 'clients/:id', ...page(() => import('./pages/clients-page'), 'ClientPage') },
          { path: 'attendance', ...page(() => import('./pages/attendance-page'), 'AttendancePage') },
          { path: 'tracker', ...page(() => import('./pages/tracker-page'), 'TrackerPage') },
          { path: 'trash', ...page(() => import('./pages/trash-page'), 'TrashPage') },
          { path: 'labels', ...page(() => import('./pages/labels-page'), 'LabelsPage') },
          { path: 'timesheets', ...page(() => import('./pages/timesheets-page'), 'TimesheetsPage') },
          { path: 'time-off', ...page(() => import('./pages/time-off-page'), 'TimeOffPage') },
          { path: 'chat', ...page(() => import('./pages/chat-page'), 'ChatPage') },
          { path: 'profile', ...page(() => import('./pages/profile-page'), 'ProfilePage') },
          { path: 'admin', ...page(() => import('./pages/admin-page'), 'AdminPage') },
          {
            path: 'admin/pending-users',
            ...page(() => import('./pages/pending-users-page'), 'PendingUsersPage'),
          },
          {
            path: 'admin/user-credentials',
            ...page(() => import('./pages/user-credentials-page'), 'UserCredentialsPage'),
          },
          { path: 'team/manage', ...page(() => import('./pages/team-manage-page'), 'TeamManagePage') },
          { path: 'reports', ...page(() => import('./pages/reports-page'), 'ReportsPage') },
        ],
      },
      { path: '*', ...page(() => import('./pages/not-found-page'), 'NotFoundPage') },
    ],
  },
];

/** Starts downloading the chunk of the page at the address now, before anything renders. */
function preloadPage() {
  for (const { route } of matchRoutes(routes, history.location) ?? []) {
    void (route.handle as { load?: () => Promise<unknown> } | undefined)?.load?.();
  }
}

/** Goes to a path from outside React (lib/auth.ts's logout). */
export const navigate = (to: string) => history.push(to);

function Routes() {
  return useRoutes(routes);
}

/** The app's pages at the browser's address; a navigation renders as a transition. */
export function AppRouter() {
  const [state, setState] = useState(() => {
    preloadPage();
    return { action: history.action, location: history.location };
  });
  const [navigating, startTransition] = useTransition();
  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [],
  );
  return (
    <Navigating.Provider value={navigating}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <RouteErrorBoundary>
          <Routes />
        </RouteErrorBoundary>
      </Router>
    </Navigating.Provider>
  );
}
