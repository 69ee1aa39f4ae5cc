import type { RegisterForm as Values } from '@contract/auth';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard, PendingApprovalStep, RegisterForm, VerifyEmailStep } from '@/features/auth';
import { setStoredUser } from '@/lib/auth';

// docs/product/accounts.md#after-verification: after a successful verification the browser goes to / about 1.5 s later.
const REDIRECT_DELAY_MS = 1500;

type Stage = 'form' | 'verify' | 'pending';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // `?verify=<email>`: back from the sign-in page to enter a code (a new one was just sent).
  // `?invite=<code>&email=<address>`: the link of an invitation e-mail (docs/product/admin.md#invitations).
  const verifying = params.get('verify');
  const invite = params.get('invite');
  const [stage, setStage] = useState<Stage>(verifying ? 'verify' : 'form');
  const [values, setValues] = useState<Partial<Values> | undefined>(
    verifying
      ? { email: verifying }
      : invite
        ? { inviteCode: invite, email: params.get('email') ?? '', role: 'employee' }
        : undefined,
  );
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (stage === 'verify' && values?.email) {
    return (
      <AuthCard title={t('verify.title')} description={t('verify.description')}>
        <VerifyEmailStep
          email={values.email.trim().toLowerCase()}
          onBack={() => setStage('form')}
          onPending={() => setStage('pending')}
          onApproved={(user) => {
            timer.current = setTimeout(() => {
              setStoredUser(user);
              navigate('/', { replace: true });
            }, REDIRECT_DELAY_MS);
          }}
        />
      </AuthCard>
    );
  }
  if (stage === 'pending' && values?.email) {
    return (
      <AuthCard title={t('pending.title')}>
        <PendingApprovalStep email={values.email.trim().toLowerCase()} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('register.title')} description={t('register.description')}>
      <RegisterForm
        defaults={values}
        invited={Boolean(invite)}
        onRegistered={(v) => {
          setValues(v);
          setStage('verify');
        }}
      />
    </AuthCard>
  );
}
