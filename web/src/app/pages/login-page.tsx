import type { SignInResponse, User } from '@contract/auth';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard, LoginForm, SsoSignIn } from '@/features/auth';
import { Spinner } from '@/components/ui/spinner';
import { safeNextPath, setStoredUser } from '@/lib/auth';

// Only users with a temporary password see this step; everyone else never downloads it.
const ChangePasswordForm = lazy(() =>
  import('@/features/auth/change-password-form').then((m) => ({ default: m.ChangePasswordForm })),
);
// Likewise only accounts with two-factor sign-in load its step.
const TwoFactorStep = lazy(() =>
  import('@/features/auth/two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mustChange, setMustChange] = useState(false);
  // A single sign-on of an account with two-factor comes back here for its code (decision 020).
  const [secondFactor, setSecondFactor] = useState(params.get('sso') === 'twoFactor');
  // Back to the page that sent the visitor here (`?next=`), if it is one of ours; else home. A user
  // whose role requires two-factor sign-in and who has none goes to enrol on /profile first.
  const enter = (user: User) => {
    setStoredUser(user);
    const next = user.twoFactorSetupRequired ? '/profile' : safeNextPath(params.get('next'));
    navigate(next, { replace: true });
  };
  const afterPassword = (result: SignInResponse) => {
    if ('twoFactorRequired' in result) setSecondFactor(true);
    else if (result.mustChangePassword) setMustChange(true);
    else enter(result);
  };

  if (mustChange) {
    return (
      <AuthCard title={t('changePassword.title')} description={t('changePassword.description')}>
        <Suspense fallback={<Spinner className="mx-auto size-5" />}>
          <ChangePasswordForm onChanged={enter} />
        </Suspense>
      </AuthCard>
    );
  }
  if (secondFactor) {
    return (
      <AuthCard title={t('twoFactor.title')} description={t('twoFactor.description')}>
        <Suspense fallback={<Spinner className="mx-auto size-5" />}>
          <TwoFactorStep
            onSignedIn={(user) => (user.mustChangePassword ? setMustChange(true) : enter(user))}
            onRestart={() => setSecondFactor(false)}
          />
        </Suspense>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('login.title')} description={t('login.description')}>
      <SsoSignIn outcome={params.get('sso')}>
        <LoginForm onSignedIn={afterPassword} />
      </SsoSignIn>
    </AuthCard>
  );
}
