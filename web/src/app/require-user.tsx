import { Navigate, Outlet, useLocation } from 'react-router';
import { isSigningOut, signInPath, useStoredUser } from '@/lib/auth';

/**
 * Every page under this route needs a signed-in user. A visitor without one (never signed in, signed
 * out in another tab, or whose session just ended) goes to /login, which brings them back here after
 * signing in. Signing out on purpose goes to plain /login instead (logout() takes the visitor there).
 */
export function RequireUser() {
  const user = useStoredUser();
  const { pathname, search, hash } = useLocation();
  if (!user) return isSigningOut() ? null : <Navigate to={signInPath(pathname + search + hash)} replace />;
  // The organisation requires two-factor sign-in of this role and none is enrolled: enrol first
  // (docs/decisions/019-two-factor.md).
  if (user.twoFactorSetupRequired && pathname !== '/profile') return <Navigate to="/profile" replace />;
  return <Outlet />;
}
