import { PageHeader } from '@/components/ui/page-header';

export function MyTasksPage() {
  return <PageHeader title="My Tasks" />;
}
