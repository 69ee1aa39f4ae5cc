import { PageHeader } from '@/components/ui/page-header';

export function ProjectsPage() {
  return <PageHeader title="Projects" />;
}
