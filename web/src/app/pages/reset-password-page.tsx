import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { AuthCard, ResetPasswordForm } from '@/features/auth';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <AuthCard
        title="This link is incomplete"
        description="Open the link from the e-mail again, or ask for a new one."
      >
        <Button asChild className="w-full">
          <Link to="/forgot-password">Ask for a new link</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
