import type { User } from '@contract/auth';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthCard } from '@/features/auth/auth-card';
import { ChangePasswordForm } from '@/features/auth/change-password-form';
import { LoginForm } from '@/features/auth/login-form';
import { setStoredUser } from '@/lib/auth';

export function LoginPage() {
  const navigate = useNavigate();
  const [mustChange, setMustChange] = useState(false);
  const enter = (user: User) => {
    setStoredUser(user);
    navigate('/', { replace: true });
  };

  if (mustChange) {
    return (
      <AuthCard
        title="Choose a new password"
        description="An administrator reset your password. Replace the temporary one to continue."
      >
        <ChangePasswordForm onChanged={enter} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign In" description="Welcome back to Workbench.">
      <LoginForm onSignedIn={(user) => (user.mustChangePassword ? setMustChange(true) : enter(user))} />
    </AuthCard>
  );
}
