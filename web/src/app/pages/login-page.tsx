import type { User } from '@contract/auth';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/auth-card';
import { LoginForm } from '@/features/auth/login-form';
import { Spinner } from '@/components/ui/spinner';
import { safeNextPath, setStoredUser } from '@/lib/auth';

// Only users with a temporary password see this step; everyone else never downloads it.
const ChangePasswordForm = lazy(() =>
  import('@/features/auth/change-password-form').then((m) => ({ default: m.ChangePasswordForm })),
);

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mustChange, setMustChange] = useState(false);
  // Back to the page that sent the visitor here (`?next=`), if it is one of ours; else home.
  const enter = (user: User) => {
    setStoredUser(user);
    navigate(safeNextPath(params.get('next')), { replace: true });
  };

  if (mustChange) {
    return (
      <AuthCard
        title="Choose a new password"
        description="An administrator reset your password. Replace the temporary one to continue."
      >
        <Suspense fallback={<Spinner className="mx-auto size-5" label="Loading" />}>
          <ChangePasswordForm onChanged={enter} />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign In" description="Welcome back to Workbench.">
      <LoginForm onSignedIn={(user) => (user.mustChangePassword ? setMustChange(true) : enter(user))} />
    </AuthCard>
  );
}
