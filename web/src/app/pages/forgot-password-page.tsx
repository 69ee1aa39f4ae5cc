import { useSearchParams } from 'react-router';
import { AuthCard, ForgotPasswordForm } from '@/features/auth';

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
