import { ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { AccessDenied, UserCredentials } from '@/features/admin';
import { useStoredUser } from '@/lib/auth';

export function UserCredentialsPage() {
  const user = useStoredUser();
  if (user?.role !== 'admin')
    return <AccessDenied description="Only administrators can view user credentials." />;
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            User Credentials
            <Badge variant="red">
              <ShieldCheck aria-hidden /> Admin Only
            </Badge>
          </span>
        }
        description="Every account, its sign-in details and credential state."
      />
      <UserCredentials />
    </>
  );
}
