import { PageHeader } from '@/components/ui/page-header';

export function AdvancedTasksPage() {
  return <PageHeader title="Advanced Task Management" />;
}
