/** The client's routes, for tests that visit every screen (and the server's test that serves them). */
export const PUBLIC_ROUTES = ['/login', '/register', '/verification-codes'];

/** Every screen behind sign-in. */
export const SIGNED_IN_ROUTES = [
  '/',
  '/my-tasks',
  '/advanced-tasks',
  '/projects',
  '/clients',
  '/attendance',
  '/timesheets',
  '/time-off',
  '/tracker',
  '/trash',
  '/labels',
  '/chat',
  '/admin',
  '/admin/pending-users',
  '/admin/user-credentials',
  '/team/manage',
  '/reports',
  '/profile',
];
