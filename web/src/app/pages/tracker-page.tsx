import { PageHeader } from '@/components/ui/page-header';

export function TrackerPage() {
  return <PageHeader title="Time Tracker" />;
}
