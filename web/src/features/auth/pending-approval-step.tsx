import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Stage three: verified, waiting for an admin (docs/product/accounts.md#approval: 1-2 business days, e-mail on approval). */
export function PendingApprovalStep({ email }: { email: string }) {
  return (
    <div className="flex flex-col items-center text-center" data-testid="pending-approval">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
        <Clock className="size-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold text-foreground">Awaiting Admin Approval</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Your email <span className="font-medium text-foreground">{email}</span> is verified. An administrator
        will review your account, usually within 1-2 business days, and you will receive an email notice once
        it is approved.
      </p>
      <Button asChild variant="outline" className="mt-6 w-full">
        <Link to="/login">Back to Login</Link>
      </Button>
    </div>
  );
}
