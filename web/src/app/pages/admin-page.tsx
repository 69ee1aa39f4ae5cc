import { PageHeader } from '@/components/ui/page-header';

export function AdminPage() {
  return <PageHeader title="Admin Dashboard" />;
}
