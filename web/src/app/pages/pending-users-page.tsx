import { PageHeader } from '@/components/ui/page-header';

export function PendingUsersPage() {
  return <PageHeader title="Pending User Approvals" />;
}
