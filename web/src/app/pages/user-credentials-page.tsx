import { PageHeader } from '@/components/ui/page-header';

export function UserCredentialsPage() {
  return <PageHeader title="User Credentials" />;
}
