import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { AuthCard, ResetPasswordForm } from '@/features/auth';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <AuthCard title={t('reset.incompleteTitle')} description={t('reset.incompleteDescription')}>
        <Button asChild className="w-full">
          <Link to="/forgot-password">{t('reset.askAgain')}</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('changePassword.title')}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
