import { PageHeader } from '@/components/ui/page-header';
import { Reports } from '@/features/reports';

/** Reports (docs/decisions/012-reports.md): where the hours went, for everyone the viewer may see. */
export function ReportsPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-4">
      <PageHeader
        className="mb-0"
        title="Reports"
        description="Where the hours went: by project, by user, by period, and per user and day."
      />
      <Reports />
    </div>
  );
}
