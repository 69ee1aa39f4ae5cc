import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/auth-card';
import { ForgotPasswordForm } from '@/features/auth/forgot-password-form';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your e-mail address and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm email={params.get('email') ?? ''} />
    </AuthCard>
  );
}
