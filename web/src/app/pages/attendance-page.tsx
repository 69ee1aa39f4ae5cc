import { PageHeader } from '@/components/ui/page-header';

export function AttendancePage() {
  return <PageHeader title="Attendance" />;
}
