import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthCard, ForgotPasswordForm } from '@/features/auth';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('forgot.title')} description={t('forgot.description')}>
      <ForgotPasswordForm email={params.get('email') ?? ''} />
    </AuthCard>
  );
}
