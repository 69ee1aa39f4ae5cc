import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { AccessDenied, PendingCountCard, PendingUsersList } from '@/features/admin';
import { useStoredUser } from '@/lib/auth';

export function PendingUsersPage() {
  const user = useStoredUser();
  if (user?.role !== 'admin') return <AccessDenied />;
  return (
    <>
      <PageHeader
        title="Pending User Approvals"
        description="Review verified registrations and approve or reject them."
        actions={
          <Button asChild variant="ghost">
            <Link to="/admin">
              <ArrowLeft aria-hidden /> Admin Dashboard
            </Link>
          </Button>
        }
      />
      <PendingCountCard />
      <PendingUsersList />
    </>
  );
}
