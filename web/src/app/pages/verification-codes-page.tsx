import { PageHeader } from '@/components/ui/page-header';
import { VerificationCodesList } from '@/features/auth/verification-codes-list';
import { useStoredUser } from '@/lib/auth';
import { cn } from '@/lib/utils';

export function VerificationCodesPage() {
  // Without the shell (signed out) the page brings its own margins.
  const bare = useStoredUser() === null;
  return (
    <div className={cn(bare && 'mx-auto w-full max-w-3xl px-4 py-8 sm:px-6')}>
      <PageHeader
        title="Verification Codes"
        description="Codes sent to new registrations. A testing aid: in production only admins can see it."
      />
      <VerificationCodesList />
    </div>
  );
}
